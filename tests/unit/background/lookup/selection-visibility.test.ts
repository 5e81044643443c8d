import { describe, expect, it, vi } from 'vitest';
import { SELECTION_MENU_ID } from '@/entrypoints/background/lookup/lookup-menus';
import { updateSelectionItem } from '@/entrypoints/background/lookup/selection-visibility';

function fakeApi() {
  const calls: string[] = [];
  return {
    calls,
    api: {
      update: vi.fn(async (id: string, properties: { visible: boolean }) => {
        calls.push(`update ${id} ${properties.visible}`);
      }),
      refresh: vi.fn(async () => {
        calls.push('refresh');
      }),
    },
  };
}

describe('updateSelectionItem (Firefox menus.onShown)', () => {
  it('shows the item for a name or UUID, then refreshes the open menu', async () => {
    const { api, calls } = fakeApi();
    await updateSelectionItem(api, { contexts: ['selection', 'page'], selectionText: 'Notch' });
    await updateSelectionItem(api, {
      contexts: ['selection'],
      selectionText: '069a79f444e94726a5befca90e38aaf5',
    });
    expect(calls).toEqual([
      `update ${SELECTION_MENU_ID} true`,
      'refresh',
      `update ${SELECTION_MENU_ID} true`,
      'refresh',
    ]);
  });

  it('hides it for text that could not be a player', async () => {
    const { api, calls } = fakeApi();
    await updateSelectionItem(api, { contexts: ['selection'], selectionText: 'hello world' });
    expect(calls).toEqual([`update ${SELECTION_MENU_ID} false`, 'refresh']);
  });

  it('keeps it shown when Firefox does not pass the text (no access to the page)', async () => {
    const { api, calls } = fakeApi();
    await updateSelectionItem(api, { contexts: ['selection'] });
    expect(calls).toEqual([`update ${SELECTION_MENU_ID} true`, 'refresh']);
  });

  it('does nothing for menus without a selection', async () => {
    const { api, calls } = fakeApi();
    await updateSelectionItem(api, { contexts: ['link', 'page'], selectionText: 'hello world' });
    expect(calls).toEqual([]);
  });
});
