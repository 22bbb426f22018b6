/**
 * A failure of the whole form, announced at once. `id` lets the field it is about name it in
 * its `aria-describedby`.
 */
export function FormError({ children, id }: { children: string | null | undefined; id?: string }) {
  if (!children) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-xl border border-red-400/40 bg-red-500/10 px-4 py-3 text-sm text-red-200"
    >
      {children}
    </p>
  );
}

/** A confirmation, announced politely. */
export function FormNotice({ children, id }: { children: string | null | undefined; id?: string }) {
  if (!children) return null;
  return (
    <p
      id={id}
      role="status"
      className="rounded-xl border border-emerald-400/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200"
    >
      {children}
    </p>
  );
}
