import { useId } from 'react';

/**
 * A list's search box. Its label is read out; `showLabel` also shows it above the box. Apart from
 * form-field.tsx: only the admin lists search, and the student screens' forms load that without it.
 */
export function SearchField({
  label,
  showLabel = false,
  value,
  onSearch,
  placeholder,
  className,
}: {
  label: string;
  showLabel?: boolean;
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={showLabel ? 'label' : 'sr-only'}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="input placeholder:text-sm"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onSearch(e.target.value)}
      />
    </div>
  );
}
