/** Full-screen "Please wait…" shown while a booking and its payment are being set up. */
export function LoadingOverlay({ label = 'Please wait…' }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="assertive"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 bg-ink/70 px-6 text-center text-white backdrop-blur-sm"
    >
      <span
        aria-hidden="true"
        className="size-12 animate-spin rounded-full border-4 border-white border-t-transparent"
      />
      <p className="text-lg font-semibold">{label}</p>
    </div>
  );
}
