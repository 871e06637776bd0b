/** The user's initials in the avatar button, hidden from assistive technology (the button is named by the name). */
export function AvatarInitials({ initials }: { initials: string }) {
  return (
    <span className="avatar-button__initials" aria-hidden="true">
      {initials}
    </span>
  );
}
