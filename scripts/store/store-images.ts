import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROME_PATH } from '../../tests/chromium';
import { messageOf, readCatalogue } from './catalogue-words';
import { pngSize, recompressPng } from './png';

/**
 * The store's pictures, composed from the README's screenshots (docs/screenshots, written by the
 * same script just before): 1280×800 screenshots of the main views, light and dark, each beside
 * its line from the listing (the catalogue's store.features), and the 440×280 promo tile.
 */

const SCREENSHOT = { width: 1280, height: 800 } as const;
const PROMO_TILE = { width: 440, height: 280 } as const;

interface Scene {
  name: string;
  caption: string;
  shots: readonly string[];
}

const SCENES: readonly Scene[] = [
  { name: '1-player', caption: 'store.features.player', shots: ['popup-player', 'popup-player-history'] },
  { name: '2-auctions', caption: 'store.features.auctions', shots: ['popup-auctions', 'popup-saved-search'] },
  {
    name: '3-watchlist',
    caption: 'store.features.watchlist',
    shots: ['popup-watchlist', 'popup-online-history'],
  },
  { name: '4-hover-card', caption: 'store.features.hoverCards', shots: ['hover-card'] },
  { name: '5-leaderboard', caption: 'store.features.leaderboard', shots: ['popup-leaderboard'] },
  { name: '6-options', caption: 'store.setup', shots: ['options-connected'] },
];

const THEMES = {
  // Flat colours: a gradient doubles each PNG's size.
  light: { bg: '#e6edf8', fg: '#1b1b1f', muted: '#3c4452' },
  dark: { bg: '#1f232b', fg: '#e8e8ec', muted: '#b4bac6' },
} as const;
type Scheme = keyof typeof THEMES;

const dataUrl = (file: string) => `data:image/png;base64,${readFileSync(file).toString('base64')}`;

export async function writeStoreImages({
  shotsDir,
  outDir,
}: {
  shotsDir: string;
  outDir: string;
}): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const english = await readCatalogue('en');
  const say = (key: string) => messageOf(english, key, 'en');
  const icon = dataUrl(path.resolve(import.meta.dirname, '../../public/icon/128.png'));
  const written: string[] = [];
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage({ viewport: SCREENSHOT, deviceScaleFactor: 1 });
    const save = async (name: string, size: { width: number; height: number }) => {
      const file = path.join(outDir, `${name}.png`);
      const png = recompressPng(
        await page.screenshot({ clip: { x: 0, y: 0, ...size }, animations: 'disabled' }),
      );
      const { width, height } = pngSize(png);
      if (width !== size.width || height !== size.height) throw new Error(`${name}: ${width}×${height}`);
      writeFileSync(file, png);
      written.push(file);
      console.log(`wrote ${path.relative(process.cwd(), file)} (${(png.length / 1024).toFixed(0)} kB)`);
    };

    for (const scheme of Object.keys(THEMES) as Scheme[]) {
      for (const scene of SCENES) {
        const shots = scene.shots.map((shot) => path.join(shotsDir, `${shot}-${scheme}.png`));
        const missing = shots.find((file) => !existsSync(file));
        if (missing) {
          console.log(`skipped store-${scene.name}-${scheme}: no ${path.relative(process.cwd(), missing)}`);
          continue;
        }
        await page.setContent('<!doctype html><html><body></body></html>');
        // Captions are catalogue text: set as text, never parsed as markup.
        await page.evaluate(
          ({ theme, name, caption, icon, images, size }) => {
            document.body.style.cssText = `margin:0;width:${size.width}px;height:${size.height}px;background:${theme.bg};color:${theme.fg};font-family:system-ui,sans-serif;display:flex;align-items:center;gap:48px;padding:0 56px;box-sizing:border-box;overflow:hidden`;
            const text = document.createElement('div');
            text.style.cssText = 'flex:0 0 400px';
            const logo = document.createElement('img');
            logo.src = icon;
            logo.style.cssText = 'width:72px;height:72px';
            const title = document.createElement('div');
            title.textContent = name;
            title.style.cssText = 'font-size:40px;font-weight:700;margin:16px 0 20px';
            const line = document.createElement('div');
            line.textContent = caption;
            line.style.cssText = `font-size:27px;line-height:1.35;color:${theme.muted}`;
            text.append(logo, title, line);
            const row = document.createElement('div');
            row.style.cssText =
              'flex:1;display:flex;gap:28px;justify-content:center;align-items:center;height:100%';
            for (const src of images) {
              const image = document.createElement('img');
              image.src = src;
              image.style.cssText =
                'max-height:720px;max-width:100%;min-width:0;object-fit:contain;border-radius:10px;box-shadow:0 12px 40px rgba(0,0,0,.28)';
              row.append(image);
            }
            document.body.append(text, row);
            return Promise.all([...document.images].map((image) => image.decode()));
          },
          {
            theme: THEMES[scheme],
            name: say('extension.name'),
            caption: say(scene.caption),
            icon,
            images: shots.map(dataUrl),
            size: SCREENSHOT,
          },
        );
        await save(`store-${scene.name}-${scheme}`, SCREENSHOT);
      }
    }

    // The small promo tile: the icon and the name, on the light theme's colours.
    await page.setContent('<!doctype html><html><body></body></html>');
    await page.evaluate(
      ({ theme, name, line, icon, size }) => {
        document.body.style.cssText = `margin:0;width:${size.width}px;height:${size.height}px;background:${theme.bg};color:${theme.fg};font-family:system-ui,sans-serif;display:flex;flex-direction:column;justify-content:center;align-items:center;text-align:center;gap:10px;padding:0 28px;box-sizing:border-box`;
        const logo = document.createElement('img');
        logo.src = icon;
        logo.style.cssText = 'width:72px;height:72px';
        const title = document.createElement('div');
        title.textContent = name;
        title.style.cssText = 'font-size:32px;font-weight:700;white-space:nowrap';
        const tagline = document.createElement('div');
        tagline.textContent = line;
        tagline.style.cssText = `font-size:15px;line-height:1.35;color:${theme.muted}`;
        document.body.append(logo, title, tagline);
        return logo.decode();
      },
      {
        theme: THEMES.light,
        name: say('extension.name'),
        line: say('extension.description'),
        icon,
        size: PROMO_TILE,
      },
    );
    await save('promo-tile-440x280', PROMO_TILE);
  } finally {
    await browser.close();
  }
  return written;
}
