/**
 * How the benchmarks and the browser tests start Debian's Chromium on this machine: the system
 * binary, and the flags that keep it from reaching the network or needing a sandbox (TOOLCHAIN.md).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
