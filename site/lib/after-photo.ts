import type { AstroGlobal } from 'astro';

/**
 * Asks for the page's module scripts to wait for its first photo to paint: the page leaves with
 * each of them inside `<template data-after-photo>`, where the browser neither fetches nor runs
 * it, and the page's after-photo script (site/scripts/before-paint/after-photo.js) puts them in
 * the page once the photo has painted. For a page whose largest paint is a photo and whose
 * scripts can wait for it (a listing page, the home page: their links and forms work without them).
 */
export function scriptsAfterPhoto(astro: Pick<AstroGlobal, 'locals'>) {
  astro.locals.scriptsAfterPhoto = true;
}

/** A module script as Astro renders a processed `<script>`: an external file, no text. */
const MODULE_SCRIPT = /<script type="module" src="[^"<>]*"><\/script>/g;

/** The page's HTML with each of its external module scripts inside an after-photo template. */
export const moduleScriptsAfterPhoto = (html: string) =>
  html.replace(MODULE_SCRIPT, (script) => `<template data-after-photo>${script}</template>`);
