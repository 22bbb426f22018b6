/** A failure of the whole form, announced at once. */
export function FormError({ children }: { children: string | null | undefined }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-red-400/40 bg-red-500/10 px-4 py-3 text-sm text-red-200"
    >
      {children}
    </p>
  );
}

/** A confirmation, announced politely. */
export function FormNotice({ children }: { children: string | null | undefined }) {
  if (!children) return null;
  return (
    <p
      role="status"
      className="rounded-xl border border-emerald-400/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200"
    >
      {children}
    </p>
  );
}
