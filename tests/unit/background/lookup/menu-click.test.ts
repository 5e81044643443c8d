import { describe, expect, it, vi } from 'vitest';
import { FORUM_LINK_MENU_ID, SELECTION_MENU_ID } from '@/entrypoints/background/lookup/lookup-menus';
import { handleMenuClick, type MenuClickDeps } from '@/entrypoints/background/lookup/menu-click';

const TAB = { id: 12, index: 2 };

function deps(frameName: string | null = null) {
  return {
    askFrame: vi.fn<MenuClickDeps['askFrame']>(async () => frameName),
    open: vi.fn<MenuClickDeps['open']>(async () => undefined),
  };
}

describe('handleMenuClick: selected text', () => {
  it('opens the player view on a name, next to the tab', async () => {
    const d = deps();
    expect(await handleMenuClick({ menuItemId: SELECTION_MENU_ID, selectionText: ' Notch ' }, TAB, d)).toBe(
      true,
    );
    expect(d.open).toHaveBeenCalledExactlyOnceWith('Notch', TAB);
    expect(d.askFrame).not.toHaveBeenCalled();
  });

  it('opens the player view on a UUID', async () => {
    const d = deps();
    await handleMenuClick(
      { menuItemId: SELECTION_MENU_ID, selectionText: '069A79F444E94726A5BEFCA90E38AAF5' },
      TAB,
      d,
    );
    expect(d.open).toHaveBeenCalledWith('069a79f4-44e9-4726-a5be-fca90e38aaf5', TAB);
  });

  it('does nothing for text that could not be a player (Chrome shows the item for any selection)', async () => {
    const d = deps();
    for (const selectionText of [
      'hello world',
      '<img src=x onerror=alert(1)>',
      'ab',
      '',
      undefined,
      'x'.repeat(5000),
    ]) {
      expect(await handleMenuClick({ menuItemId: SELECTION_MENU_ID, selectionText }, TAB, d)).toBe(false);
    }
    expect(d.open).not.toHaveBeenCalled();
  });
});

describe('handleMenuClick: a link on a forum site', () => {
  it('asks the frame the menu was opened in for the username', async () => {
    const d = deps('Steve');
    expect(await handleMenuClick({ menuItemId: FORUM_LINK_MENU_ID, frameId: 3 }, TAB, d)).toBe(true);
    expect(d.askFrame).toHaveBeenCalledExactlyOnceWith(12, 3);
    expect(d.open).toHaveBeenCalledExactlyOnceWith('Steve', TAB);
  });

  it('the frame’s answer wins over the link text; the top frame when none is given', async () => {
    const d = deps('Steve');
    await handleMenuClick({ menuItemId: FORUM_LINK_MENU_ID, linkText: 'Alex' }, TAB, d);
    expect(d.askFrame).toHaveBeenCalledWith(12, 0);
    expect(d.open).toHaveBeenCalledWith('Steve', TAB);
  });

  it('no answer from the frame: Firefox’s link text, when it is a name (a mention’s @ dropped)', async () => {
    const d = deps(null);
    await handleMenuClick({ menuItemId: FORUM_LINK_MENU_ID, linkText: ' @Notch ' }, TAB, d);
    expect(d.open).toHaveBeenCalledWith('Notch', TAB);
  });

  it('does nothing when neither names a player', async () => {
    const d = deps(null);
    for (const linkText of [undefined, 'Read more', '<b>Notch</b>', '069a79f4-44e9-4726-a5be-fca90e38aaf5']) {
      expect(await handleMenuClick({ menuItemId: FORUM_LINK_MENU_ID, linkText }, TAB, d)).toBe(false);
    }
    expect(d.open).not.toHaveBeenCalled();
  });

  it('without a tab there is no frame to ask', async () => {
    const d = deps('Steve');
    expect(await handleMenuClick({ menuItemId: FORUM_LINK_MENU_ID }, undefined, d)).toBe(false);
    expect(d.askFrame).not.toHaveBeenCalled();
  });
});

it('ignores menu items that are not ours', async () => {
  const d = deps('Steve');
  expect(
    await handleMenuClick({ menuItemId: 'other', selectionText: 'Notch', linkText: 'Notch' }, TAB, d),
  ).toBe(false);
  expect(d.open).not.toHaveBeenCalled();
});
