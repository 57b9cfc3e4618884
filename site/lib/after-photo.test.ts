import { describe, expect, it } from 'vitest';
import { moduleScriptsAfterPhoto } from './after-photo.ts';

describe('moduleScriptsAfterPhoto', () => {
  it('puts each external module script in an after-photo template, and nothing else', () => {
    const html = [
      '<head><script>document.documentElement.classList.add("js")</script>',
      '<script type="application/ld+json">{"@type":"Car"}</script></head>',
      '<body><astro-island><script>(()=>{})()</script></astro-island>',
      '<script type="module" src="/_astro/Base.a1.js"></script>',
      '<script type="module" src="/_astro/_id_.b2.js"></script></body>',
    ].join('');
    expect(moduleScriptsAfterPhoto(html)).toBe(
      [
        '<head><script>document.documentElement.classList.add("js")</script>',
        '<script type="application/ld+json">{"@type":"Car"}</script></head>',
        '<body><astro-island><script>(()=>{})()</script></astro-island>',
        '<template data-after-photo><script type="module" src="/_astro/Base.a1.js"></script></template>',
        '<template data-after-photo><script type="module" src="/_astro/_id_.b2.js"></script></template></body>',
      ].join(''),
    );
  });
});
