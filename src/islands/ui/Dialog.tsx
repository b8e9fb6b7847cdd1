import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  children?: ReactNode;
  okLabel: string;
  /** Called on OK, Escape or a click on the backdrop. */
  onClose: () => void;
  tone?: 'info' | 'success' | 'error';
}

/** A modal alert on the native <dialog> (focus trap, Escape and the top layer come with it). */
export default function Dialog({ open, title, children, okLabel, onClose, tone = 'info' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`alert alert-${tone}`}
      aria-labelledby={titleId}
      // Said with the title when the dialog opens (focus goes to OK, which says nothing of it).
      aria-describedby={children ? bodyId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <span className="alert-icon" aria-hidden="true">{tone === 'success' ? '✓' : tone === 'error' ? '!' : 'i'}</span>
      <h2 id={titleId}>{title}</h2>
      {children && <div id={bodyId}>{children}</div>}
      <button type="button" className="btn" onClick={onClose} autoFocus>
        {okLabel}
      </button>
    </dialog>
  );
}
