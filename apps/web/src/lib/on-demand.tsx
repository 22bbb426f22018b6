import { useEffect, useState, type ComponentProps, type ComponentType } from 'react';

// As React's own lazy(): any component, its props taken from it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/** The component, and `preload()` to fetch its code early (as it is pointed at or focused). */
export type OnDemand<P> = ComponentType<P> & { preload: () => void };

/**
 * A component whose code loads when it is first rendered (a dialog, a menu, a banner), and that
 * renders nothing until then: `lazy()` for the places whose Suspense fallback would be `null`
 * (ADR 0045). Unlike `lazy()` in `<Suspense>`, nothing suspends: React holds a suspended
 * boundary's content back for 300 ms after its fallback shows, so a dialog opened by a click
 * appeared a third of a second late even when its chunk was already here. The props are the
 * latest ones when the module arrives (a dialog closed meanwhile stays closed), every instance
 * after the first renders at once, and a module that fails to load throws to the nearest error
 * boundary, as `lazy()` does. Preloaded (`preload()` as the opener is pointed at or focused), the
 * first render has the module at hand and the dialog opens in the click's own frame.
 */
export function onDemand<T extends AnyComponent>(
  load: () => Promise<{ default: T }>,
): OnDemand<ComponentProps<T>> {
  type P = ComponentProps<T>;
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const arrival = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return loaded;
      },
      (error: unknown) => {
        // Forgotten: a later render or preload asks again (a chunk lost to a network blip).
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };

  function OnDemand(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Component !== undefined) return;
      let mounted = true;
      arrival().then(
        (arrived) => mounted && setComponent(() => arrived),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [Component]);
    if (failure !== null) throw failure.error;
    return Component === undefined ? null : <Component {...props} />;
  }
  OnDemand.preload = () => void arrival().catch(() => undefined);
  return OnDemand;
}
