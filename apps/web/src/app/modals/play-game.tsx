import { PlayModal } from '@/features/games/components/play-modal';
import { useProtection } from '@/features/protection/api/get-protection';
import { ExclusionNotice } from '@/features/protection/components/exclusion-notice';
import type { ModalProps } from '@/stores/modal-store';

/** The game chooser; during the player's own break it shows the break's notice instead of the games. */
export function PlayGameWithProtection({ onClose }: ModalProps) {
  const onBreak = Boolean(useProtection().data?.exclusion);
  return <PlayModal onClose={onClose} closedNotice={onBreak && <ExclusionNotice />} />;
}
