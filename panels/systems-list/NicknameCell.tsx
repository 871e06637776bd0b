import type { JSX } from 'react';
import { useTranslation } from '../../src/runtime/panel-sdk.ts';
import type { SystemAnalysisItem } from '../../src/shared/api-types.ts';

export interface NicknameCellProps {
  system: SystemAnalysisItem;
  onEditNickname: (serialNumber: string) => void;
}

/**
 * Serial number, nickname and the button that edits the nickname: after the nickname on its line, or beside the serial
 * number when the system has none.
 */
export function NicknameCell({ system, onEditNickname }: NicknameCellProps): JSX.Element {
  const { t } = useTranslation();
  const nickname = system.systemNickName ?? '';
  const edit = (
    <button
      type="button"
      className="systems-analysis__edit"
      aria-label={t('panels.systemsList.editNicknameOf', { serial: system.serialNumber })}
      title={t('panels.systemsList.editNickname')}
      onClick={() => onEditNickname(system.serialNumber)}
    >
      <i className="pi pi-pencil" aria-hidden="true" />
    </button>
  );
  return (
    <div className="systems-analysis__name">
      <span className="systems-analysis__serial-line">
        <span className="systems-analysis__serial">{system.serialNumber}</span>
        {nickname === '' && edit}
      </span>
      {nickname !== '' && (
        <span className="systems-analysis__nickname">
          <span>{nickname}</span>
          {edit}
        </span>
      )}
    </div>
  );
}
