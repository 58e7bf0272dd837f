import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The message as mailparser reads it. */
  mail: ParsedMail;
  /** The message as it came over the wire (headers as written). */
  raw: string;
  /** The envelope's recipients (RCPT TO). */
  recipients: string[];
}

export interface TestSmtpServer {
  /** The nodemailer transport URL of the server. */
  url: string;
  port: number;
  /** Every message accepted, in order of arrival. */
  received: ReceivedMail[];
  /** Refuse recipients for whom this holds with a permanent 550 (null: accept everyone). */
  refuseRecipients(refused: ((address: string) => boolean) | null): void;
  /** Stop listening (a server that is down); start() listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Wait until at least `count` messages have arrived. */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

/** A real SMTP server (smtp-server) on a free loopback port, without authentication or TLS, for the mail tests. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let refused: ((address: string) => boolean) | null = null;
  let server: SMTPServer | null = null;
  let port = 0;

  const listen = async () => {
    const smtp = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      authOptional: true,
      logger: false,
      closeTimeout: 200,
      onRcptTo(address, _session, callback) {
        if (refused?.(address.address)) {
          return callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw).then(
            (mail) => {
              received.push({
                mail,
                raw: raw.toString('utf8'),
                recipients: session.envelope.rcptTo.map((r) => r.address),
              });
              callback();
            },
            (err: Error) => callback(err),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      smtp.once('error', reject);
      smtp.listen(port, '127.0.0.1', () => {
        smtp.off('error', reject);
        resolve();
      });
    });
    port = (smtp.server.address() as { port: number }).port;
    server = smtp;
  };

  await listen();
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    refuseRecipients(next) {
      refused = next;
    },
    async stop() {
      const running = server;
      server = null;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
    async waitForMessages(count, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) throw new Error(`${received.length} of ${count} messages arrived`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
  };
}
