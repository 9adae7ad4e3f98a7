// The browser tests drive Debian's Chromium; install it when missing (and poppler-utils for reading PDFs).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const needed = [
  ['/usr/bin/chromium', 'chromium'],
  ['/usr/bin/pdftotext', 'poppler-utils'],
].filter(([path]) => !existsSync(path));

if (needed.length > 0) {
  const packages = needed.map(([, pkg]) => pkg).join(' ');
  if (process.getuid?.() === 0) {
    console.log(`Installing ${packages} with apt-get ...`);
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${packages}`, {
      stdio: 'inherit',
    });
  } else {
    console.error(`The browser tests need ${packages}. Install with:\n  sudo apt-get install -y ${packages}`);
    process.exit(1);
  }
}
