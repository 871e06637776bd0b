/**
 * An e-mail belongs to one user whatever its letter case (issue #28, Account Management): the identity provider finds
 * the account of a sign-in by lower(email) (idp/account-claims.ts), so 'Ann@x.test' and 'ann@x.test' must not be two
 * users. Unique across tenants, like users_email_key: a violation is Account Management's 'CODE:1000' answer.
 */
export const name = '021-user-email-any-case';

export const up = `
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
`;
