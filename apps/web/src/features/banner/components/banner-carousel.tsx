import './banner-carousel.css';
import { BANNER_AUTOPLAY_MS } from '@app/contracts/limits';
import { formatBaht } from '@app/contracts/money';
import { DEFAULT_BANNER_ART_URL, DEFAULT_BANNER_URL } from '@app/contracts/settings';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterNextPaint } from '@/lib/after-next-paint';
import { useDepositBahtPerPoint } from '@/lib/money-settings';
import { useBannerUrl } from '@/lib/settings';
import { useModalStore } from '@/stores/modal-store';

/** Options of spec §9: autoplay every 3000 ms that interaction does not stop. */
export const BANNER_AUTOPLAY_OPTIONS = { delay: BANNER_AUTOPLAY_MS, stopOnInteraction: false } as const;

/**
 * The home banner carousel: the event-point banner from the BANNER_URL
 * setting, with clickable dots. The seeded banner is drawn as its art with the
 * words written over it in the player's language (an image's words would be
 * English in every language); a banner an operator set is shown as it is.
 */
export function BannerCarousel() {
  const bannerUrl = useBannerUrl();
  return bannerUrl ? <BannerSlides slides={[bannerUrl]} /> : null;
}

/** The carousel of the banners' addresses (BANNER_URL names one today). */
export function BannerSlides({ slides }: { slides: string[] }) {
  const { t } = useTranslation();
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true }, [Autoplay(BANNER_AUTOPLAY_OPTIONS)]);
  const [selected, setSelected] = useState(0);
  // The carousel starts once the home has been painted, and only with more than one slide to turn: on start
  // it measures its slides, and measured in the frame that first draws the home, that forced a layout of the
  // whole page inside the commit (the longest task of a phone's first load of the home). The first slide is
  // drawn in place meanwhile, and a single slide is all there is to see.
  const [started, setStarted] = useState(false);
  const turns = slides.length > 1;
  useEffect(() => (turns ? afterNextPaint(() => setStarted(true)) : undefined), [turns]);

  const onSelect = useCallback(() => {
    if (emblaApi) setSelected(emblaApi.selectedScrollSnap());
  }, [emblaApi]);

  useEffect(() => {
    if (!emblaApi) return;
    emblaApi.on('select', onSelect);
    emblaApi.on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect);
      emblaApi.off('reInit', onSelect);
    };
  }, [emblaApi, onSelect]);

  return (
    <section className="banner" aria-roledescription="carousel" aria-label={t('banner.label')}>
      <div className="banner__viewport" ref={started ? emblaRef : undefined}>
        <div className="banner__container">
          {slides.map((src, index) => (
            <div className="banner__slide" key={src}>
              {src === DEFAULT_BANNER_URL ? (
                <EventPointBanner eager={index === 0} />
              ) : (
                <img
                  src={src}
                  alt={t('banner.eventPoint')}
                  width={720}
                  height={300}
                  loading={index ? 'lazy' : 'eager'}
                />
              )}
            </div>
          ))}
        </div>
      </div>
      <div className="banner__dots">
        {slides.map((src, index) => (
          <button
            key={src}
            type="button"
            className={`banner__dot${index === selected ? ' is-selected' : ''}`}
            aria-label={t('banner.goToSlide', { number: index + 1 })}
            aria-current={index === selected}
            onClick={() => emblaApi?.scrollTo(index)}
          />
        ))}
      </div>
    </section>
  );
}

/**
 * The seeded event banner in the player's language: the art, and over it the
 * title, the line and the button's words as text. The line states the points
 * rate in force (the banner's promise is now kept). The whole
 * banner is a button that opens the rewards, named by the words it shows (no
 * label of its own: a speech user says what they see, "Redeem now"); the art
 * under the words is decoration.
 */
function EventPointBanner({ eager }: { eager: boolean }) {
  const { t } = useTranslation();
  const bahtPerPoint = useDepositBahtPerPoint();
  const openModal = useModalStore((state) => state.open);
  // The words are true to the rate in force: deposits earn points only when the rate is above 0.
  const line =
    bahtPerPoint > 0
      ? t('banner.line', { baht: formatBaht(bahtPerPoint).replace(/\.00$/, '') })
      : t('banner.lineRedeem');
  return (
    <button type="button" className="banner__event" data-testid="event-banner" onClick={() => openModal('reward')}>
      <img
        src={DEFAULT_BANNER_ART_URL}
        alt=""
        width={720}
        height={300}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
      />
      <div className="banner__words">
        <span className="banner__title">{t('banner.title')}</span>
        <span className="banner__line">{line}</span>
        <span className="banner__cta">{t('banner.cta')}</span>
      </div>
    </button>
  );
}
