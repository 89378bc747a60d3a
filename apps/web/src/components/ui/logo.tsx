type LogoProps = { className?: string };

/** The SIAM PLAY wordmark: a gold crest with the name, drawn in SVG so it is sharp at any size. */
export function Logo({ className }: LogoProps) {
  return (
    <svg className={className} viewBox="0 0 148 32" role="img" aria-label="SIAM PLAY">
      <defs>
        <linearGradient id="logo-gold" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff1b8" />
          <stop offset="0.45" stopColor="#f5c542" />
          <stop offset="1" stopColor="#b8860b" />
        </linearGradient>
      </defs>
      <path d="M16 1.5 29 9v14l-13 7.5L3 23V9Z" fill="#1a1406" stroke="url(#logo-gold)" strokeWidth="2" />
      <path d="m9 12.5 3.2 3 3.8-5.5 3.8 5.5 3.2-3-1.6 8.5H10.6Z" fill="url(#logo-gold)" />
      <text
        x="36"
        y="22"
        fill="url(#logo-gold)"
        fontFamily="system-ui, -apple-system, Segoe UI, Roboto, Arial, sans-serif"
        fontSize="17"
        fontWeight="800"
        letterSpacing="1.2"
      >
        SIAM PLAY
      </text>
    </svg>
  );
}
