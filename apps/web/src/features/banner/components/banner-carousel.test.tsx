import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client';
import { defaultSettings } from '@/testing/test-utils';

const scrollTo = vi.fn();
const autoplayOptions = vi.fn();
const emblaRef = vi.fn();

vi.mock('embla-carousel-autoplay', () => ({
  default: (options: unknown) => {
    autoplayOptions(options);
    return { name: 'autoplay', options };
  },
}));

vi.mock('embla-carousel-react', () => ({
  default: (options: unknown, plugins: unknown[]) => [
    emblaRef,
    { scrollTo, selectedScrollSnap: () => 0, on: vi.fn(), off: vi.fn(), options, plugins },
  ],
}));

const { BannerCarousel, BannerSlides } = await import('@/features/banner/components/banner-carousel');
const { QueryClientProvider } = await import('@tanstack/react-query');

describe('§2 and §9 banner carousel', () => {
  beforeEach(() => {
    queryClient.setQueryData(['settings'], { settings: defaultSettings, limits: undefined });
  });

  function renderBanner() {
    return render(
      <QueryClientProvider client={queryClient}>
        <BannerCarousel />
      </QueryClientProvider>,
    );
  }

  it('shows one event-point banner from BANNER_URL: the seeded one as its art with its words written over it', () => {
    renderBanner();
    const banner = screen.getByTestId('event-banner');
    // The art is decoration: the words over it are text.
    expect(banner.querySelector('img')).toHaveAttribute('src', '/images/banner/event-point-art.webp');
    expect(banner.querySelector('img')).toHaveAttribute('alt', '');
    expect(banner).toHaveTextContent(
      'EVENT POINTEarn 1 point for every ฿100 you deposit, redeem them for rewardsREDEEM NOW',
    );
  });

  it('the banner’s button is named by the words it shows, so a speech user can say them (no label of its own)', () => {
    renderBanner();
    const banner = screen.getByTestId('event-banner');
    expect(banner).not.toHaveAttribute('aria-label');
    expect(banner).toHaveAccessibleName(
      'EVENT POINT Earn 1 point for every ฿100 you deposit, redeem them for rewards REDEEM NOW',
    );
  });

  it('the banner states the points rate in force, and says nothing about deposits when they earn none', () => {
    const withRate = (value: string) =>
      queryClient.setQueryData(['settings'], {
        settings: [...defaultSettings, { code: 'POINTS_DEPOSIT_BAHT_PER_POINT', value }],
        limits: undefined,
      });
    withRate('250');
    const { unmount } = renderBanner();
    expect(screen.getByTestId('event-banner')).toHaveTextContent('Earn 1 point for every ฿250 you deposit');
    unmount();
    withRate('0');
    renderBanner();
    expect(screen.getByTestId('event-banner')).toHaveTextContent('Collect points and redeem them for rewards');
    expect(screen.getByTestId('event-banner')).not.toHaveTextContent('deposit');
  });

  it('the seeded banner speaks the player’s language, every one of the six', async () => {
    const { i18n } = await import('@/lib/i18n');
    const { LANGUAGES } = await import('@app/contracts/languages');
    const seen = new Set<string>();
    try {
      for (const language of LANGUAGES) {
        await i18n.changeLanguage(language);
        const { unmount } = renderBanner();
        const words = screen.getByTestId('event-banner').textContent ?? '';
        expect(words, language).toContain(i18n.t('banner.title'));
        expect(words, language).toContain(i18n.t('banner.cta'));
        expect(screen.getByTestId('event-banner')).toHaveAccessibleName(new RegExp(i18n.t('banner.cta')));
        seen.add(words);
        unmount();
      }
    } finally {
      await i18n.changeLanguage('en');
    }
    // Six languages, six different banners: none is left in English.
    expect(seen.size).toBe(LANGUAGES.length);
  });

  it('a banner an operator set (their own artwork) is shown as it is, without words over it', () => {
    queryClient.setQueryData(['settings'], {
      settings: [
        ...defaultSettings.filter((setting) => setting.code !== 'BANNER_URL'),
        { code: 'BANNER_URL', value: '/images/banner/songkran.png' },
      ],
      limits: undefined,
    });
    renderBanner();
    expect(screen.getByRole('img', { name: 'Event: collect reward points' })).toHaveAttribute(
      'src',
      '/images/banner/songkran.png',
    );
    expect(screen.queryByTestId('event-banner')).not.toBeInTheDocument();
  });

  it('autoplays every 3000 ms and interaction does not stop it', () => {
    renderBanner();
    expect(autoplayOptions).toHaveBeenCalledWith({ delay: 3000, stopOnInteraction: false });
  });

  it('the carousel starts once the home has been painted, not in the commit that first draws it; one banner never starts it', async () => {
    const { unmount } = render(
      <QueryClientProvider client={queryClient}>
        <BannerSlides slides={['/images/banner/a.png', '/images/banner/b.png']} />
      </QueryClientProvider>,
    );
    // Drawn, the slides in place, and the carousel not yet given its viewport (it would measure it at once).
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(emblaRef).not.toHaveBeenCalled();
    await waitFor(() => expect(emblaRef).toHaveBeenCalledWith(expect.any(HTMLDivElement)));
    expect(emblaRef.mock.calls[0]?.[0]).toHaveClass('banner__viewport');
    unmount();
    emblaRef.mockClear();

    // One banner (BANNER_URL names one): nothing to turn, so nothing to measure.
    renderBanner();
    expect(screen.getByTestId('event-banner')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(emblaRef).not.toHaveBeenCalled();
  });

  it('pagination dots are clickable', () => {
    renderBanner();
    fireEvent.click(screen.getByRole('button', { name: 'Show banner 1' }));
    expect(scrollTo).toHaveBeenCalledWith(0);
  });
});
