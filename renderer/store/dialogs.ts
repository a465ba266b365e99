// Which decision dialog is open; opened from the keyboard, buttons or the batch bar alike.
import { create } from 'zustand';

/** The open dialog, if any. */
export type OpenDialog =
  | { kind: 'deny'; ids: string[] }
  | { kind: 'rule'; id: string }
  | { kind: 'session'; id: string }
  | { kind: 'confirm-approve'; id: string }
  | null;

/** Dialog state. */
export interface DialogState {
  dialog: OpenDialog;
  open(dialog: OpenDialog): void;
  close(): void;
}

/** The dialog store. */
export const useDialogs = create<DialogState>((set) => ({
  dialog: null,
  open: (dialog) => set({ dialog }),
  close: () => set({ dialog: null }),
}));
