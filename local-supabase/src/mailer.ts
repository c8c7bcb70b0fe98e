import { randomUUID } from 'node:crypto';

/** A sent e-mail as the inbox (Mailpit-style API on :54324) shows it. */
export interface MailMessage {
  ID: string;
  MessageID: string;
  From: { Name: string; Address: string };
  To: { Name: string; Address: string }[];
  Subject: string;
  Created: string;
  Text: string;
  HTML: string;
  Read: boolean;
}

export interface Mailer {
  send(mail: { to: string; subject: string; html: string; text: string }): MailMessage;
  /** Newest first, like Mailpit. */
  list(): MailMessage[];
  get(id: string): MailMessage | undefined;
  delete(ids?: string[]): void;
}

/** Mail is kept in memory, as Mailpit and Inbucket do for local stacks; a restart empties the inbox. */
export function createMailer(from = { Name: 'Good Space', Address: 'noreply@goodspace.local' }): Mailer {
  const messages: MailMessage[] = [];
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
      messages.unshift(msg);
      if (messages.length > 1000) messages.pop();
      return msg;
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
