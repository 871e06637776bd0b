import type { JSX } from 'react';
import type { SystemAnalysisItem } from '../../src/shared/api-types.ts';

export interface NicknameCellProps {
  system: SystemAnalysisItem;
  onEditNickname: (serialNumber: string) => void;
}

/** Serial number, nickname and the button that edits the nickname. */
export function NicknameCell({ system, onEditNickname }: NicknameCellProps): JSX.Element {
  return (
    <div className="systems-analysis__name">
      <span className="systems-analysis__serial">{system.serialNumber}</span>
      <span className="systems-analysis__nickname">
        <span>{system.systemNickName ?? ''}</span>
        <button
          type="button"
          className="systems-analysis__edit"
          aria-label={`Edit nickname: ${system.serialNumber}`}
          title="Edit nickname"
          onClick={() => onEditNickname(system.serialNumber)}
        >
          <i className="pi pi-pencil" aria-hidden="true" />
        </button>
      </span>
    </div>
  );
}
