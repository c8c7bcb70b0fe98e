import { randomUUID } from 'node:crypto';

export interface MailAddress {
  Name: string;
  Address: string;
}

/** A sent e-mail as the inbox (Mailpit-style API on :54324) shows it. */
export interface MailMessage {
  ID: string;
  MessageID: string;
  From: MailAddress;
  To: MailAddress[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
  Read: boolean;
  /** The rest is set for mail that came in over SMTP (:54325), as Mailpit records it. */
  Cc?: MailAddress[];
  /** Envelope recipients named in no To or Cc header. */
  Bcc?: MailAddress[];
  ReplyTo?: MailAddress[];
  ReturnPath?: string;
  /** The Date header, else when it arrived. */
  Date?: string;
  /** List-Unsubscribe and List-Unsubscribe-Post, summarised as Mailpit does. */
  ListUnsubscribe?: { Header: string; Links: string[]; Errors: string; HeaderPost: string };
  /** The SMTP AUTH user name, when the client signed in. */
  Username?: string;
  /** Header names in canonical form (Message-Id, List-Unsubscribe), each with its values in order. */
  Headers?: Record<string, string[]>;
  /** The message as it came in (the DATA), for /api/v1/message/{ID}/raw. */
  Raw?: Buffer;
}

export interface Mailer {
  send(mail: { to: string; subject: string; html: string; text: string }): MailMessage;
  /** Keeps a message that arrived by SMTP, already parsed. */
  store(message: Omit<MailMessage, 'ID' | 'Created' | 'Read'>): MailMessage;
  /** Newest first, like Mailpit. */
  list(): MailMessage[];
  get(id: string): MailMessage | undefined;
  delete(ids?: string[]): void;
}

/** Mail is kept in memory, as Mailpit and Inbucket do for local stacks; a restart empties the inbox. */
export function createMailer(from = { Name: 'Good Space', Address: 'noreply@goodspace.local' }): Mailer {
  const messages: MailMessage[] = [];
  const keep = (msg: MailMessage) => {
    messages.unshift(msg);
    if (messages.length > 1000) messages.pop();
    return msg;
  };
  return {
    send({ to, subject, html, text }) {
      const msg: MailMessage = {
        ID: randomUUID(),
        MessageID: `${randomUUID()}@goodspace.local`,
        From: from,
        To: [{ Name: '', Address: to }],
        Subject: subject,
        Created: new Date().toISOString(),
        Text: text,
        HTML: html,
        Read: false,
      };
      return keep(msg);
    },
    store(message) {
      return keep({ ...message, ID: randomUUID(), Created: new Date().toISOString(), Read: false });
    },
    list: () => [...messages],
    get: (id) => messages.find((m) => m.ID === id),
    delete(ids) {
      if (!ids) messages.length = 0;
      else
        for (const id of ids) {
          const i = messages.findIndex((m) => m.ID === id);
          if (i >= 0) messages.splice(i, 1);
        }
    },
  };
}
