import { useState, type FormEvent, type JSX } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from '../../src/runtime/panel-sdk.ts';
import { SystemDialog } from './SystemDialog.tsx';

/** The server's limit on a nickname's length. */
export const NICKNAME_MAX_LENGTH = 100;

export interface NicknameDialogProps {
  serialNumber: string;
  nickname: string;
  /** Saves the nickname; rejects when the server refuses it. */
  onSave: (serialNumber: string, nickname: string) => Promise<unknown>;
  onClose: () => void;
}

/** Editing one system's nickname: EDITING, then SAVING; DONE closes, a failure shows 'error' and stays open (spec reports §4, §8). */
export function NicknameDialog({ serialNumber, nickname, onSave, onClose }: NicknameDialogProps): JSX.Element {
  const { t } = useTranslation();
  const [value, setValue] = useState(nickname);
  const [phase, setPhase] = useState<'editing' | 'saving' | 'failed'>('editing');
  const inputId = `nickname-${serialNumber}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPhase('saving');
    onSave(serialNumber, value.trim()).then(onClose, () => setPhase('failed'));
  };
  return (
    <SystemDialog header={t('panels.systemsList.nicknameOf', { serial: serialNumber })} onClose={onClose}>
      <form className="systems-analysis__nickname-form" onSubmit={submit}>
        <label htmlFor={inputId}>{t('panels.systemsList.nickname')}</label>
        <InputText
          id={inputId}
          value={value}
          maxLength={NICKNAME_MAX_LENGTH}
          onChange={(event) => setValue(event.target.value)}
        />
        {phase === 'failed' && (
          <p role="alert" className="systems-analysis__error">
            {t('panels.systemsList.nicknameSaveError')}
          </p>
        )}
        <div className="systems-analysis__dialog-buttons">
          <Button type="button" label={t('common.cancel')} outlined onClick={onClose} />
          <Button type="submit" label={t('common.save')} loading={phase === 'saving'} disabled={phase === 'saving'} />
        </div>
      </form>
    </SystemDialog>
  );
}
