import '@testing-library/jest-dom/vitest';
import { interfaceLanguages } from '@doppel/contracts';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { i18n, initI18n, NAMESPACES } from '@/lib/i18n';
import { setViewportWidth } from './viewport';

// jsdom lacks pointer capture, which sonner uses when a toast is pressed.
if (!('setPointerCapture' in Element.prototype)) {
  Object.assign(Element.prototype, {
    setPointerCapture: () => {},
    releasePointerCapture: () => {},
    hasPointerCapture: () => false,
  });
}

// Screens load lazy chunks on first render; on a busy CI machine that can take over the
// default second of findBy*/waitFor. Failing checks still fail, only later.
configure({ asyncUtilTimeout: 6000 });

// Every test starts in English with all five dictionaries loaded, so switching is synchronous.
await initI18n('en');
await i18n.loadNamespaces([...NAMESPACES]);
await i18n.loadLanguages([...interfaceLanguages]);

beforeEach(async () => {
  setViewportWidth(1280);
  localStorage.clear();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
});

// A toast closing as its test ends leaves sonner a 200 ms timer to remove it, which no unmount
// clears; fired after the file's jsdom is gone it throws "window is not defined". Each file
// waits those timers out while the window is still there.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 300)));
