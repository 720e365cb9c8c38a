import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INSTALL_ANSWERED_KEY, InstallOffer } from './install-offer.tsx';

/** The browser's install prompt as public/registerSW.js keeps it: counts how often it was shown. */
function browserPrompt(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt'), {
    shown: 0,
    async prompt() {
      event.shown += 1;
    },
    userChoice: Promise.resolve({ outcome }),
  });
  return event;
}

beforeEach(() => {
  localStorage.clear();
  window.studynestInstall = undefined;
});
afterEach(cleanup);

describe('InstallOffer', () => {
  it('offers nothing while the browser has not offered to install', () => {
    render(<InstallOffer />);
    expect(screen.queryByRole('button', { name: 'Install StudyNest' })).toBeNull();
  });

  it('appears when the browser offers later, shows its prompt once and is remembered as answered', async () => {
    render(<InstallOffer />);
    const prompt = browserPrompt('accepted');
    act(() => {
      window.studynestInstall = prompt;
      dispatchEvent(new Event('studynest:installable'));
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Install StudyNest' })));
    expect(prompt.shown).toBe(1);
    expect(localStorage.getItem(INSTALL_ANSWERED_KEY)).toBe('accepted');
    expect(screen.queryByRole('button', { name: 'Install StudyNest' })).toBeNull();
  });

  it('is not offered again on this phone once she said "Not now"', () => {
    window.studynestInstall = browserPrompt('dismissed');
    const { unmount } = render(<InstallOffer />);
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(localStorage.getItem(INSTALL_ANSWERED_KEY)).toBe('dismissed');
    unmount();
    window.studynestInstall = browserPrompt('dismissed');
    render(<InstallOffer />);
    expect(screen.queryByRole('button', { name: 'Install StudyNest' })).toBeNull();
  });
});
