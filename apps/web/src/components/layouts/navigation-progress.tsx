import { useNavigation } from 'react-router';

/** A thin bar while the next screen's code loads, so a slow connection never looks frozen. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100"
    >
      <div className="h-full w-1/3 animate-[pulse_1s_ease-in-out_infinite] bg-accent-500" />
    </div>
  );
}
