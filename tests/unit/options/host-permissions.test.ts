import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  hasHostPermission,
  hostPermissionFor,
  removeHostPermission,
  requestHostPermission,
  sameHostPermission,
  watchHostPermissions,
} from '@/entrypoints/options/host-permissions';

type PermissionCall = (permissions: { origins?: string[] }) => Promise<boolean>;
/** `browser.permissions.*` with its promise signature (the typings' last overload is the callback one). */
function spyOnPermission(name: 'request' | 'contains' | 'remove') {
  return vi.spyOn(fakeBrowser.permissions as unknown as Record<typeof name, PermissionCall>, name);
}

describe('host permissions', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('turns an origin into a one-host match pattern without the port', () => {
    expect(hostPermissionFor('https://forum.example.net')).toEqual({
      origins: ['https://forum.example.net/*'],
    });
    expect(hostPermissionFor('http://127.0.0.1:8787')).toEqual({ origins: ['http://127.0.0.1/*'] });
  });

  it('tells when two origins share one match pattern', () => {
    expect(sameHostPermission('http://127.0.0.1:8787', 'http://127.0.0.1:9000')).toBe(true);
    expect(sameHostPermission('https://a.example.net', 'http://a.example.net')).toBe(false);
    expect(sameHostPermission('https://a.example.net', 'https://b.example.net')).toBe(false);
    expect(sameHostPermission('not a url', 'https://b.example.net')).toBe(false);
  });

  it('sends the request synchronously, within the caller’s user gesture', () => {
    const request = spyOnPermission('request').mockResolvedValue(true);
    void requestHostPermission('https://forum.example.net');
    // No await yet: the browser already has the request.
    expect(request).toHaveBeenCalledWith({ origins: ['https://forum.example.net/*'] });
  });

  it('resolves true when granted and false when refused or failing', async () => {
    const request = spyOnPermission('request').mockResolvedValueOnce(true);
    expect(await requestHostPermission('https://forum.example.net')).toBe(true);
    request.mockResolvedValueOnce(false);
    expect(await requestHostPermission('https://forum.example.net')).toBe(false);
    request.mockRejectedValueOnce(
      new Error('permissions.request may only be called from a user input handler'),
    );
    expect(await requestHostPermission('https://forum.example.net')).toBe(false);
    request.mockImplementationOnce(() => {
      throw new Error('not implemented');
    });
    expect(await requestHostPermission('https://forum.example.net')).toBe(false);
  });

  it('never asks for anything when the origin is not http(s)', async () => {
    const request = spyOnPermission('request').mockResolvedValue(true);
    expect(await requestHostPermission('file:///etc')).toBe(false);
    expect(request).not.toHaveBeenCalled();
  });

  it('checks a permission, and says "unknown" when the browser cannot tell', async () => {
    const contains = spyOnPermission('contains').mockResolvedValueOnce(true);
    expect(await hasHostPermission('https://stats.example.net:8443')).toBe(true);
    expect(contains).toHaveBeenCalledWith({ origins: ['https://stats.example.net/*'] });
    contains.mockResolvedValueOnce(false);
    expect(await hasHostPermission('https://stats.example.net')).toBe(false);
    contains.mockRejectedValueOnce(new Error('nope'));
    expect(await hasHostPermission('https://stats.example.net')).toBeUndefined();
  });

  it('removes a permission, and shrugs when the browser refuses (a required permission)', async () => {
    const remove = spyOnPermission('remove').mockResolvedValueOnce(true);
    expect(await removeHostPermission('https://forum.example.net')).toBe(true);
    expect(remove).toHaveBeenCalledWith({ origins: ['https://forum.example.net/*'] });
    remove.mockRejectedValueOnce(new Error('You cannot remove required permissions.'));
    expect(await removeHostPermission('http://127.0.0.1:8787')).toBe(false);
  });

  it('watches permission changes, and unsubscribes', () => {
    type Listener = (permissions: { origins?: string[] }) => void;
    const listeners: Listener[] = [];
    const add = (listener: Listener): void => {
      listeners.push(listener);
    };
    const drop = (listener: Listener): void => {
      listeners.splice(listeners.indexOf(listener), 1);
    };
    for (const event of [fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved]) {
      vi.spyOn(event, 'addListener').mockImplementation(add);
      vi.spyOn(event, 'removeListener').mockImplementation(drop);
    }
    const callback = vi.fn();
    const stop = watchHostPermissions(callback);
    expect(listeners).toHaveLength(2);
    for (const listener of listeners) listener({ origins: ['https://a.example.net/*'] });
    expect(callback).toHaveBeenCalledTimes(2);
    stop();
    expect(listeners).toHaveLength(0);
  });

  it('watches nothing, without throwing, where the events are missing', () => {
    const stop = watchHostPermissions(vi.fn());
    expect(() => stop()).not.toThrow();
  });
});
