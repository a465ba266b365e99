// A modal on the native <dialog>: the browser traps focus, closes on Escape and returns focus afterwards,
// so every dialog is keyboard-complete without our own focus code.
import { useEffect, useRef, type ReactNode } from 'react';

/** Props of Modal. */
export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/** Shows its children as a modal dialog for as long as it is mounted; Escape calls onClose. */
export function Modal({ title, onClose, children, className }: ModalProps): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`gh-dialog ${className ?? ''}`}
      aria-label={title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      <h2 className="gh-dialog-title">{title}</h2>
      {children}
    </dialog>
  );
}
