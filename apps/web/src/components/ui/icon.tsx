import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

/** A 24 × 24 line icon in the text's colour and size, hidden from screen readers. */
export function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
