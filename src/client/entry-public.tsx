import { reloadIfOutdated } from '~/client/lib/new-version';
import '~/client/styles/public.css';

/**
 * Public pages are documents (docs/decisions/003-public-page-speed.md): the server's HTML is the
 * page, complete and styled, and works before any script (the registration boxes are plain forms,
 * the links plain links). Its islands, the interactive parts, come to life once it has painted:
 * React and their code (islands-boot.tsx, whose address the page names on <html data-islands>)
 * are fetched only then, so nothing they do holds up the first paint on a slow phone. This file
 * imports almost nothing, so the page asks for next to nothing else before it paints.
 */
function afterFirstPaint(run: () => void) {
  requestAnimationFrame(() => setTimeout(run, 0));
}

const boot = document.documentElement.dataset.islands;
if (boot) {
  afterFirstPaint(() => {
    import(/* @vite-ignore */ boot).catch((error: unknown) => {
      // A page from before a deploy asking for a boot module that is gone: reload once for the new
      // version. Otherwise the server's HTML stays, and works as a plain document.
      if (!reloadIfOutdated(error)) throw error;
    });
  });
}
