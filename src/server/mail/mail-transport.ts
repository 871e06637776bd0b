import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type * as Nodemailer from 'nodemailer';
import type { SendMailOptions, Transporter } from 'nodemailer';

/**
 * Where e-mails go (docs/architecture.md §1): with `SMTP_URL` an SMTP server through nodemailer
 * (`smtp://user:pass@host:587`, `smtps://…`); without it, each message is written as an RFC 822 `.eml` file to
 * `<data>/outbox/`, which any mail client opens. Either way the message is built by nodemailer.
 */
export interface MailTransport {
  /** Sends one message; rejects when the server refuses it or the file cannot be written. */
  send(message: SendMailOptions): Promise<{ messageId: string; file: string | null }>;
  /** What the banner and logs say, without credentials. */
  readonly description: string;
  close(): void;
}

export interface MailTransportConfig {
  smtpUrl: string | null;
  outboxDir: string;
}

/**
 * nodemailer's transport, created at the first message: nodemailer's modules (about 0.1 s to load) are not needed for a
 * start, and most starts send nothing for a while.
 */
function lazyTransport(create: (mailer: typeof Nodemailer) => Transporter) {
  let transport: Promise<Transporter> | undefined;
  return {
    get: () => (transport ??= import('nodemailer').then(create)),
    close: () => void transport?.then((created) => created.close()),
  };
}

function smtpTransport(smtpUrl: string): MailTransport {
  const transport = lazyTransport((mailer) => mailer.createTransport(smtpUrl));
  const url = new URL(smtpUrl);
  return {
    description: `SMTP ${url.protocol}//${url.host}`,
    send: async (message) => {
      const info = await (await transport.get()).sendMail(message);
      return { messageId: info.messageId, file: null };
    },
    close: transport.close,
  };
}

function outboxTransport(outboxDir: string): MailTransport {
  const transport = lazyTransport((mailer) =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
  );
  return {
    description: `.eml files in ${outboxDir}`,
    send: async (message) => {
      const info = await (await transport.get()).sendMail(message);
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      // Written under a temporary name first, so a reader of the folder never sees half a message.
      await fs.writeFile(`${file}.tmp`, info.message as Buffer);
      await fs.rename(`${file}.tmp`, file);
      return { messageId: info.messageId, file };
    },
    close: transport.close,
  };
}

export function createMailTransport(config: MailTransportConfig): MailTransport {
  return config.smtpUrl === null ? outboxTransport(config.outboxDir) : smtpTransport(config.smtpUrl);
}
