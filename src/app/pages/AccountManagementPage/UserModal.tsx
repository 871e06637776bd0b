import './accounts-texts.ts';
import { useId, useMemo, type JSX, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { InputSwitch } from 'primereact/inputswitch';
import { useTranslation } from 'react-i18next';
import { AvatarUpload } from './AvatarUpload.tsx';
import { ScopeTree } from './ScopeTree.tsx';
import { grantableWithin, type ScopeIds, type ScopeNode } from './scope-tree.model.ts';
import {
  disabledSwitches,
  ROLE_SWITCHES,
  type FieldError,
  type RoleSwitch,
  type UserForm,
  type UserFormField,
} from './user-form.model.ts';
import type { UserModalView } from './user-modal.machine.ts';

/** Whether the invitation of the user just created is being sent, was sent or failed (spec shell §4 "Invitation"). */
export type InvitationState = 'idle' | 'sending' | 'sent' | 'failed';

export interface UserModalProps {
  view: UserModalView;
  tree: readonly ScopeNode[];
  /** The signed-in admin's own scope (null: unknown), which bounds what they may grant as a whole. */
  adminScope: ScopeIds | null;
  onChange: (changes: Partial<UserForm>, field?: UserFormField) => void;
  onSave: () => void;
  onClose: () => void;
  /** The success view's invitation of the last saved user; null when invitations are not available. */
  invitation: { state: InvitationState; onSend: () => void } | null;
}

function ErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation();
  if (error === undefined) return null;
  const text = error.key === 'validation.mustBeMaxChars' ? t(error.key, { max: error.max }) : t(error.key);
  return (
    <small id={id} className="user-form__error" role="alert">
      {text}
    </small>
  );
}

function TextField(props: {
  label: string;
  value: string;
  error: FieldError | undefined;
  readOnly?: boolean;
  type?: string;
  onChange: (value: string) => void;
}): JSX.Element {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="user-form__field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        className={`p-inputtext${props.error ? ' p-invalid' : ''}`}
        type={props.type ?? 'text'}
        value={props.value}
        readOnly={props.readOnly}
        aria-invalid={props.error !== undefined}
        aria-describedby={props.error ? errorId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <ErrorText id={errorId} error={props.error} />
    </div>
  );
}

function RoleSwitchField({
  name,
  form,
  disabled,
  onChange,
}: {
  name: RoleSwitch;
  form: UserForm;
  disabled: boolean;
  onChange: UserModalProps['onChange'];
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="user-form__switch">
      <InputSwitch
        inputId={id}
        checked={form[name]}
        disabled={disabled}
        onChange={(event) => onChange({ [name]: event.value === true })}
        // The input inside is the switch; a second role on its wrapper would nest one control in another.
        pt={{ root: { role: undefined, 'aria-checked': undefined } }}
      />
      <label htmlFor={id}>{t(`accounts.modal.${name}`)}</label>
    </div>
  );
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section className="user-form__section" aria-labelledby={id}>
      <h3 id={id} className="user-form__heading">
        {title}
      </h3>
      {children}
    </section>
  );
}

function DoneView({ view, invitation }: Pick<UserModalProps, 'view' | 'invitation'>) {
  const { t } = useTranslation();
  const user = view.lastSavedUser;
  if (user === null) return null;
  return (
    <div className="user-form__done">
      <i className="pi pi-check-circle user-form__done-icon" aria-hidden="true" />
      <p>{t('accounts.modal.doneText', { name: `${user.firstname} ${user.lastname}` })}</p>
      {invitation?.state === 'sent' && (
        <p role="status" className="user-form__done-sent">
          {t('accounts.modal.invitationSent', { email: user.email })}
        </p>
      )}
      {invitation?.state === 'failed' && (
        <p role="alert" className="user-form__error">
          {t('accounts.modal.invitationFailed')}
        </p>
      )}
    </div>
  );
}

/** The user modal of spec shell §2, §4: the form (EDITING, SAVING) or, after a create, the success view (DONE). */
export function UserModal({
  view,
  tree,
  adminScope,
  onChange,
  onSave,
  onClose,
  invitation,
}: UserModalProps): JSX.Element {
  const { t } = useTranslation();
  const ids = { permissions: useId(), scope: useId(), avatar: useId() };
  const { form, visibleErrors: errors } = view;
  const disabled = disabledSwitches(form);
  const grantable = useMemo(() => grantableWithin(adminScope), [adminScope]);
  const header = view.done
    ? t('accounts.modal.doneTitle')
    : form.id === null
      ? t('accounts.modal.newUser')
      : t('accounts.modal.editUser');
  const footer = view.done ? (
    <div className="user-form__buttons">
      <button type="button" className="secondary-button" onClick={onClose}>
        {t('common.close')}
      </button>
      {invitation !== null && invitation.state !== 'sent' && (
        <button
          type="button"
          className="primary-button"
          disabled={invitation.state === 'sending'}
          aria-busy={invitation.state === 'sending'}
          onClick={invitation.onSend}
        >
          {invitation.state === 'sending' && <i className="pi pi-spin pi-spinner" aria-hidden="true" />}{' '}
          {t('accounts.sendInvitation')}
        </button>
      )}
    </div>
  ) : (
    <div className="user-form__buttons">
      <button type="button" className="secondary-button" onClick={onClose} disabled={view.saving}>
        {t('common.cancel')}
      </button>
      <button
        type="button"
        className="primary-button"
        onClick={onSave}
        disabled={!view.canSave}
        aria-busy={view.saving}
      >
        {view.saving && <i className="pi pi-spin pi-spinner" aria-hidden="true" />} {t('common.save')}
      </button>
    </div>
  );
  return (
    <Dialog
      visible
      header={header}
      footer={footer}
      onHide={onClose}
      className="user-form"
      draggable={false}
      closable={!view.saving}
      modal
    >
      {view.done ? (
        <DoneView view={view} invitation={invitation} />
      ) : (
        <div className="user-form__grid">
          <div className="user-form__column">
            <TextField
              label={t('accounts.modal.firstName')}
              value={form.firstname}
              error={errors.firstname}
              onChange={(firstname) => onChange({ firstname }, 'firstname')}
            />
            <TextField
              label={t('accounts.modal.lastName')}
              value={form.lastname}
              error={errors.lastname}
              onChange={(lastname) => onChange({ lastname }, 'lastname')}
            />
            <TextField
              label={t('accounts.modal.email')}
              type="email"
              value={form.email}
              error={errors.email}
              readOnly={form.id !== null}
              onChange={(email) => onChange({ email }, 'email')}
            />
            <Section title={t('accounts.modal.permissions')} id={ids.permissions}>
              {(Object.keys(ROLE_SWITCHES) as RoleSwitch[]).map((name) => (
                <RoleSwitchField key={name} name={name} form={form} disabled={disabled.has(name)} onChange={onChange} />
              ))}
              {disabled.has('setGoals') && (
                <small className="user-form__hint">{t('accounts.modal.setGoalsNeedsScope')}</small>
              )}
            </Section>
            <Section title={t('accounts.modal.avatar')} id={ids.avatar}>
              <AvatarUpload
                avatarUrl={form.avatar.avatarUrl}
                initials={`${form.firstname.charAt(0)}${form.lastname.charAt(0)}`.toUpperCase()}
                onChange={(avatar) => onChange({ avatar })}
              />
            </Section>
          </div>
          <Section title={t('accounts.modal.scope')} id={ids.scope}>
            <small className="user-form__hint">{t('accounts.modal.scopeHint')}</small>
            <ScopeTree
              tree={tree}
              value={form.scope}
              onChange={(scope) => onChange({ scope })}
              labelledBy={ids.scope}
              grantable={grantable}
            />
          </Section>
        </div>
      )}
    </Dialog>
  );
}
