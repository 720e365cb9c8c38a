import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';

export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link
      to={paths.home.getHref()}
      className={`flex items-center gap-2 font-bold text-brand-700 ${className}`}
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span className="text-lg tracking-tight">StudyNest</span>
    </Link>
  );
}
