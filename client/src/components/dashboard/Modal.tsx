// A native <dialog> opened with showModal(): the browser makes the rest of the page inert (focus stays
// inside), Escape fires 'cancel', and focus returns to the opener when it closes.
import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
}

export function Modal({ open, title, onClose, children, role }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dash-modal"
      role={role}
      aria-labelledby={titleId}
      onCancel={(event) => { event.preventDefault(); onClose(); }}
    >
      {open && (
        <>
          <h2 id={titleId} className="dash-modal-title">{title}</h2>
          {children}
        </>
      )}
    </dialog>
  );
}
