import { chmodSync, chownSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_SECRET_MIN_CHARS, authSecret, createSecretFile } from './auth-instance';

// Owner and mode checks are POSIX; changing a file's owner needs root.
const posix = process.platform !== 'win32';
const root = process.getuid?.() === 0;

const scratch = mkdtempSync(join(tmpdir(), 'auth-secret-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function secretPath(): string {
  return join(mkdtempSync(join(scratch, 'case-')), 'nested', 'auth-secret');
}

function writeSecret(file: string, text: string, mode = 0o600): string {
  createSecretFile(file);
  writeFileSync(file, text);
  chmodSync(file, mode);
  return file;
}

afterEach(() => vi.restoreAllMocks());

describe('authSecret from the environment', () => {
  it(`refuses an AUTH_SECRET shorter than ${AUTH_SECRET_MIN_CHARS} characters, saying how long it must be`, () => {
    expect(() => authSecret({ AUTH_SECRET: 'x'.repeat(AUTH_SECRET_MIN_CHARS - 1) }, secretPath())).toThrow(
      `AUTH_SECRET is 31 characters long; it must be at least 32 random characters`,
    );
    expect(() => authSecret({ BETTER_AUTH_SECRET: 'short' }, secretPath())).toThrow(
      'BETTER_AUTH_SECRET is 5 characters long',
    );
  });

  it('uses an AUTH_SECRET of 32 characters or more as it is, and writes no file', () => {
    const file = secretPath();
    expect(authSecret({ AUTH_SECRET: 'y'.repeat(AUTH_SECRET_MIN_CHARS) }, file)).toBe('y'.repeat(32));
    expect(() => statSync(file)).toThrow();
  });
});

describe('authSecret from the generated file', () => {
  it('generates 32 random bytes in a file only its owner can read, once', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const file = secretPath();
    const secret = authSecret({}, file);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    if (posix) expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(authSecret({}, file)).toBe(secret);
    // No temporary file is left beside it.
    expect(readdirSync(join(file, '..'))).toEqual(['auth-secret']);
  });

  it('a process that finds the file already created uses that secret and never overwrites it', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const file = secretPath();
    const winner = createSecretFile(file);
    expect(createSecretFile(file)).toBe(winner);
    expect(readFileSync(file, 'utf8')).toBe(winner);
  });

  it.runIf(posix)('refuses a file that group or others can read or write, naming the file and the fix', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const mode of [0o644, 0o640, 0o604, 0o620, 0o602]) {
      const file = writeSecret(secretPath(), 'a'.repeat(43), mode);
      expect(() => authSecret({}, file)).toThrow(
        `The auth secret file ${file} is open to other users (mode 0${mode.toString(8)}). Run \`chmod 600 ${file}\``,
      );
    }
  });

  it.runIf(posix && root)('refuses a file that belongs to another user', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const file = writeSecret(secretPath(), 'a'.repeat(43));
    chownSync(file, 4242, 4242);
    expect(() => authSecret({}, file)).toThrow(
      `The auth secret file ${file} belongs to user 4242, not to user 0 who runs this server`,
    );
  });

  it('refuses a secret shorter than 32 bytes: 43 base64url or 64 hex characters at least', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(() => authSecret({}, writeSecret(secretPath(), 'Ab_-'.repeat(10) + 'Ab'))).toThrow(
      'holds 42 characters; a secret needs 32 random bytes, which is at least 43 base64 or 64 hex characters',
    );
    expect(() => authSecret({}, writeSecret(secretPath(), 'ab12'.repeat(15) + 'abc'))).toThrow(
      'holds 63 hex characters; a secret needs 32 random bytes',
    );
    expect(() =>
      authSecret({}, writeSecret(secretPath(), 'correct horse battery staple, correct horse battery')),
    ).toThrow('is not base64 or hex text');
    expect(() => authSecret({}, writeSecret(secretPath(), ''))).toThrow(
      / holds 0 characters; .* Delete it to have a new one generated .*, or set AUTH_SECRET in the environment\./,
    );
    expect(authSecret({}, writeSecret(secretPath(), 'Ab_-'.repeat(10) + 'Ab9\n'))).toBe('Ab_-'.repeat(10) + 'Ab9');
    expect(authSecret({}, writeSecret(secretPath(), 'ab12'.repeat(16)))).toBe('ab12'.repeat(16));
  });
});
