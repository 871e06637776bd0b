import type { JSX, ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';

/** The popup of one system's row or card (its nickname, its software versions), closed by its × or Escape. */
export function SystemDialog({
  header,
  onClose,
  children,
}: {
  header: string;
  onClose: () => void;
  children: ReactNode;
}): JSX.Element {
  return (
    <Dialog header={header} visible onHide={onClose} className="systems-analysis__dialog">
      {children}
    </Dialog>
  );
}
