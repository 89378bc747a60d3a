import { create } from 'zustand';
import { useAuthStore } from '@/stores/auth-store';

/** The modals of spec §2, opened from the wallet panel or the footer. */
export const MODAL_NAMES = [
  'profile',
  'deposit',
  'withdraw',
  'history',
  'change-pass',
  'reward',
  'play-game',
  'confirm-deposit',
  'promotions',
  'protection',
  'notifications',
  'cashback',
  'vip',
] as const;
export type ModalName = (typeof MODAL_NAMES)[number];

type ModalState = {
  openModal: ModalName | null;
  /** Opens one modal, replacing any other; does nothing for a guest (spec §2). */
  open: (name: ModalName) => void;
  close: () => void;
};

export const useModalStore = create<ModalState>()((set) => ({
  openModal: null,
  open: (name) => {
    if (!useAuthStore.getState().isAuthenticated) return;
    set({ openModal: name });
  },
  close: () => set({ openModal: null }),
}));

/** What the modal host gives each modal: closing it is the host's business (one modal at a time). */
export type ModalProps = { onClose: () => void };
