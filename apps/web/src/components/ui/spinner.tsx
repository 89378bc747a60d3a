import './spinner.css';

type SpinnerProps = { label?: string; className?: string };

export function Spinner({ label, className = '' }: SpinnerProps) {
  const ring = <span aria-hidden="true" className="spinner__ring" />;
  if (!label) return <span className={`spinner ${className}`}>{ring}</span>;
  return (
    <span className={`spinner ${className}`} role="status" aria-label={label}>
      {ring}
    </span>
  );
}
