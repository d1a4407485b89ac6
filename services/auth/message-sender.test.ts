import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMessageSender, MESSAGES_FILE, senderOptionsFromEnv } from './message-sender';

describe('sign-in code sender', () => {
  it('writes codes to the log (and the test file) by default', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codes-'));
    const lines: string[] = [];
    const sender = createMessageSender({
      ...senderOptionsFromEnv({ NODE_ENV: 'development', AUTH_MESSAGES_DIR: dir }),
      log: (line) => lines.push(line),
    });
    await sender.send({ channel: 'sms', site: 'a', to: '+61412345678', text: 'Your code is 123456.' });
    expect(lines.join('\n')).toContain('Your code is 123456.');
    expect(JSON.parse(readFileSync(join(dir, MESSAGES_FILE), 'utf8').trim())).toMatchObject({
      channel: 'sms',
      to: '+61412345678',
      site: 'a',
    });
  });
  it('refuses to put codes in a production log unless the demo switch says so', async () => {
    const refused = createMessageSender({ ...senderOptionsFromEnv({ NODE_ENV: 'production' }), log: () => undefined });
    await expect(
      refused.send({ channel: 'email', site: 'a', to: 'a@example.com', subject: 's', text: 't' }),
    ).rejects.toThrow('No mail server (SMTP_URL)');
    const demo = createMessageSender({
      ...senderOptionsFromEnv({ NODE_ENV: 'production', ACCOUNT_CODES_IN_LOG: '1' }),
      log: () => undefined,
    });
    await expect(demo.send({ channel: 'sms', site: 'a', to: '+61412345678', text: 't' })).resolves.toBeUndefined();
  });
});
