// How Debian's Chromium must be started on these machines: headless, as root, and without the
// background connections that the closed network refuses.
export const chromiumPath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
