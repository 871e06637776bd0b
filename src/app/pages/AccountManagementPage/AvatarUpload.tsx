import { useId, type ChangeEvent, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES } from '../../../shared/contract/users.contract.ts';
import { useAvatarSrc } from '../../shell/use-avatar-src.ts';
import { notifications } from '../../notifications/notification.service.ts';

const AVATAR_TYPES = ['image/jpeg', 'image/png'];
const AVATAR_EXTENSIONS = /\.(jpe?g|png)$/i;

export function isAcceptedAvatar(file: Pick<File, 'name' | 'type' | 'size'>): boolean {
  return AVATAR_TYPES.includes(file.type) && AVATAR_EXTENSIONS.test(file.name) && file.size <= AVATAR_MAX_BYTES;
}

/** The file as a data URL (to show) and its base64 (to upload). */
function readAvatar(file: File): Promise<{ avatarUrl: string; avatarBase64: string }> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const avatarUrl = String(reader.result);
      resolve({ avatarUrl, avatarBase64: avatarUrl.slice(avatarUrl.indexOf(',') + 1) });
    };
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read'));
    reader.readAsDataURL(file);
  });
}

export interface AvatarUploadProps {
  avatarUrl: string | null;
  initials: string;
  onChange: (avatar: { avatarUrl: string; avatarBase64: string }) => void;
}

/** The user's picture and a file chooser; a file of another type or over 100 KB raises the §8 warning instead. */
export function AvatarUpload({ avatarUrl, initials, onChange }: AvatarUploadProps): JSX.Element {
  const { t } = useTranslation();
  const src = useAvatarSrc(avatarUrl);
  const id = useId();
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    if (!isAcceptedAvatar(file)) {
      notifications.warn(t('userAvatarUpload.warning'));
      return;
    }
    onChange(await readAvatar(file));
  };
  return (
    <div className="user-form__avatar">
      {src === null ? (
        <span className="user-avatar__initials user-form__avatar-preview" aria-hidden="true">
          {initials}
        </span>
      ) : (
        <img className="user-form__avatar-preview" src={src} alt="" />
      )}
      <div className="user-form__avatar-input">
        <label htmlFor={id} className="secondary-button">
          <i className="pi pi-upload" aria-hidden="true" /> {t('accounts.modal.chooseAvatar')}
        </label>
        <input
          id={id}
          type="file"
          className="visually-hidden"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          onChange={(event) => void choose(event)}
        />
        <small>{t('accounts.modal.avatarHint')}</small>
      </div>
    </div>
  );
}
