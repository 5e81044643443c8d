import { describe, expect, it, vi } from 'vitest';
import { askFrameForUsername, type SendToFrame } from '@/entrypoints/background/lookup/frame-username';
import { CONTEXT_USERNAME_REQUEST } from '@/utils/forum/context-username-request';

describe('askFrameForUsername', () => {
  it('sends the one request to that frame and returns the name', async () => {
    const send = vi.fn<SendToFrame>(async () => ({ name: 'Steve' }));
    expect(await askFrameForUsername(send, 5, 2)).toBe('Steve');
    expect(send).toHaveBeenCalledExactlyOnceWith(5, { type: CONTEXT_USERNAME_REQUEST }, { frameId: 2 });
  });

  it('no username under the pointer: null', async () => {
    expect(await askFrameForUsername(async () => ({ name: null }), 5, 0)).toBeNull();
  });

  it('no content script there (the browser rejects): null', async () => {
    const send: SendToFrame = async () => {
      throw new Error('Could not establish connection. Receiving end does not exist.');
    };
    expect(await askFrameForUsername(send, 5, 0)).toBeNull();
  });

  it('an answer that is not a game name is refused', async () => {
    for (const reply of [
      undefined,
      'Steve',
      { name: '<img src=x onerror=alert(1)>' },
      { name: '../options' },
      { name: 'ab' },
      { name: 42 },
      { player: 'Steve' },
    ]) {
      expect(await askFrameForUsername(async () => reply, 5, 0)).toBeNull();
    }
  });
});
