/** A hostel's features as small chips (who it takes, what it has), named for screen readers by `label`. */
export function FeatureChips({
  items,
  label,
  className = '',
}: {
  items: string[];
  label: string;
  className?: string;
}) {
  return (
    <ul className={`flex flex-wrap gap-1 ${className}`} aria-label={label}>
      {items.map((item) => (
        <li key={item} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs">
          {item}
        </li>
      ))}
    </ul>
  );
}
