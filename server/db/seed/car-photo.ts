import sharp from 'sharp';

export type CarPhotoView = 'front' | 'side' | 'rear' | 'interior' | 'detail';
export type CarShape = 'hatchback' | 'sedan' | 'suv';

export interface CarPhotoOptions {
  /** A colour name of the listing form ('Red', 'Silver', ...) or a #rrggbb value. */
  colour: string;
  view: CarPhotoView;
  /** A short caption drawn in the bottom-left corner. */
  label: string;
  /**
   * Varies the sun, the clouds and the coast; the sky and the number plate depend on seed / 16
   * only, so the photos of one car (seeds n * 16 + 0..15) share them.
   */
  seed: number;
  /** The side profile's silhouette; a hatchback unless told. */
  shape?: CarShape;
}

/** The drawing's coordinates. */
const WIDTH = 1200;
const HEIGHT = 900;
/**
 * The photo's pixels: the size of the listing page's photo, so the photo pipeline makes every
 * card and page version from it without a full-screen one (the demo's first start stays short).
 */
const PHOTO_WIDTH = 840;
const PHOTO_HEIGHT = 630;

/** The paint of each colour of the listing form. */
const paints: Record<string, string> = {
  black: '#1c1e22',
  white: '#f1f2f0',
  silver: '#b9bdc2',
  grey: '#6b7078',
  gray: '#6b7078',
  blue: '#1f4fa8',
  red: '#c0182a',
  green: '#2f6b45',
  yellow: '#f2c21b',
  orange: '#e8681c',
  brown: '#6e4529',
  beige: '#d8c7a3',
  gold: '#c39a45',
  purple: '#5b2d7c',
};
const OTHER_PAINT = '#3f8f8c';

/** Mediterranean skies: top, horizon, sun and sea. */
const skies = [
  { top: '#2f7fd1', bottom: '#bfe3f7', sun: '#fff6d8', sea: '#1769a8' },
  { top: '#4a90d9', bottom: '#f4e3c1', sun: '#fff2c4', sea: '#1d6fa3' },
  { top: '#3b6fb6', bottom: '#f7c99a', sun: '#ffe1a8', sea: '#235f93' },
  { top: '#6aa9e0', bottom: '#e9f4fb', sun: '#ffffff', sea: '#2a86b8' },
  { top: '#5b5fa8', bottom: '#f6b48e', sun: '#ffd49a', sea: '#2c4f86' },
  { top: '#1f6fc0', bottom: '#a8d8f0', sun: '#fffbe8', sea: '#0f5f99' },
] as const;

/** Small deterministic PRNG (mulberry32). */
function prng(seed: number) {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function paintOf(colour: string): string {
  const trimmed = colour.trim();
  if (/^#[0-9a-f]{6}$/i.test(trimmed)) return trimmed;
  return paints[trimmed.toLowerCase()] ?? OTHER_PAINT;
}

/** Mixes a #rrggbb colour with white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const t = Math.abs(amount);
  const channel = (i: number) => {
    const v = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
    return Math.round(v + (target - v) * t)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** A Maltese-looking number plate: three letters and three digits. */
function plateText(random: () => number): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const pick = () => letters[Math.floor(random() * letters.length)];
  const digits = String(Math.floor(random() * 900) + 100);
  return `${pick()}${pick()}${pick()} ${digits}`;
}

interface Scene {
  paint: string;
  shape: CarShape;
  random: () => number;
  sky: (typeof skies)[number];
  plate: string;
}

/** Gradients shared by every view. */
function defs(scene: Scene): string {
  const { paint, sky } = scene;
  return `<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/>
    </linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${shade(sky.sea, 0.15)}"/><stop offset="1" stop-color="${shade(sky.sea, -0.2)}"/>
    </linearGradient>
    <linearGradient id="road" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#8d8a86"/><stop offset="1" stop-color="#4a4846"/>
    </linearGradient>
    <linearGradient id="body" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${shade(paint, 0.35)}"/>
      <stop offset="0.45" stop-color="${paint}"/>
      <stop offset="1" stop-color="${shade(paint, -0.45)}"/>
    </linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#9fc3dd"/><stop offset="0.5" stop-color="#3d5a73"/>
      <stop offset="1" stop-color="#1c2a38"/>
    </linearGradient>
    <radialGradient id="rim" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#f4f5f6"/><stop offset="0.6" stop-color="#a9adb2"/>
      <stop offset="1" stop-color="#5d6166"/>
    </radialGradient>
    <radialGradient id="sunGlow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="${sky.sun}" stop-opacity="0.9"/>
      <stop offset="1" stop-color="${sky.sun}" stop-opacity="0"/>
    </radialGradient>
  </defs>`;
}

/** Sky, sun, clouds, the sea with a limestone coast, and a promenade road; horizon at `horizon`. */
function background(scene: Scene, horizon: number): string {
  const { random } = scene;
  const sunX = 150 + random() * 900;
  const sunY = 90 + random() * 160;
  let clouds = '';
  for (let i = 0; i < 3; i++) {
    const x = random() * WIDTH;
    const y = 60 + random() * (horizon - 220);
    const w = 90 + random() * 120;
    clouds += `<g fill="#ffffff" opacity="${(0.45 + random() * 0.3).toFixed(2)}">
      <ellipse cx="${x}" cy="${y}" rx="${w}" ry="${w * 0.22}"/>
      <ellipse cx="${x + w * 0.3}" cy="${y - w * 0.12}" rx="${w * 0.5}" ry="${w * 0.22}"/></g>`;
  }
  // The far coast: honey-coloured limestone blocks, with a church dome somewhere.
  const coastTop = horizon - 40;
  let town = '';
  let x = -20;
  const domeAt = 200 + random() * 700;
  while (x < WIDTH) {
    const w = 30 + random() * 60;
    const h = 12 + random() * 40;
    const tone = shade('#d8b889', (random() - 0.5) * 0.25);
    town += `<rect x="${x.toFixed(0)}" y="${(coastTop - h).toFixed(0)}" width="${w.toFixed(0)}" height="${(h + 40).toFixed(0)}" fill="${tone}"/>`;
    if (x < domeAt && x + w >= domeAt) {
      town += `<rect x="${domeAt - 22}" y="${coastTop - 95}" width="44" height="60" fill="#cfae7c"/>
        <circle cx="${domeAt}" cy="${coastTop - 95}" r="26" fill="#b98f5c"/>
        <rect x="${domeAt - 3}" y="${coastTop - 140}" width="6" height="24" fill="#b98f5c"/>`;
    }
    x += w;
  }
  return `<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
    <circle cx="${sunX}" cy="${sunY}" r="140" fill="url(#sunGlow)"/>
    <circle cx="${sunX}" cy="${sunY}" r="42" fill="${scene.sky.sun}"/>
    ${clouds}
    <g opacity="0.85">${town}</g>
    <rect y="${coastTop}" width="${WIDTH}" height="${horizon - coastTop + 40}" fill="url(#sea)"/>
    <rect y="${coastTop + 6}" width="${WIDTH}" height="3" fill="#ffffff" opacity="0.25"/>
    <rect y="${horizon}" width="${WIDTH}" height="34" fill="#e3d2b0"/>
    <rect y="${horizon + 30}" width="${WIDTH}" height="6" fill="#b9a57f"/>
    <rect y="${horizon + 36}" width="${WIDTH}" height="${HEIGHT - horizon - 36}" fill="url(#road)"/>`;
}

function wheel(cx: number, cy: number, r: number, spokes = 5, behindSpokes = ''): string {
  const rim = r * 0.64;
  let lines = '';
  for (let i = 0; i < spokes; i++) {
    const a = (i / spokes) * Math.PI * 2 - Math.PI / 2;
    lines += `<line x1="${cx}" y1="${cy}" x2="${(cx + Math.cos(a) * rim * 0.92).toFixed(1)}" y2="${(cy + Math.sin(a) * rim * 0.92).toFixed(1)}"/>`;
  }
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1b1c1e"/>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.93}" fill="none" stroke="#2c2d30" stroke-width="${r * 0.06}"/>
    <circle cx="${cx}" cy="${cy}" r="${rim}" fill="url(#rim)"/>
    <circle cx="${cx}" cy="${cy}" r="${rim * 0.78}" fill="#3b3e42"/>
    ${behindSpokes}
    <g stroke="#c9ccd0" stroke-width="${(r * 0.13).toFixed(1)}" stroke-linecap="round">${lines}</g>
    <circle cx="${cx}" cy="${cy}" r="${r * 0.15}" fill="#d9dbde" stroke="#6d7075" stroke-width="2"/>`;
}

function plate(cx: number, cy: number, text: string, scale = 1): string {
  const w = 190 * scale;
  const h = 44 * scale;
  return `<g transform="translate(${cx - w / 2} ${cy - h / 2})">
    <rect width="${w}" height="${h}" rx="${5 * scale}" fill="#fbfbf7" stroke="#222" stroke-width="2"/>
    <rect width="${24 * scale}" height="${h}" rx="${4 * scale}" fill="#1f3f9a"/>
    <text x="${12 * scale}" y="${h - 8 * scale}" font-family="sans-serif" font-size="${11 * scale}" fill="#ffffff" text-anchor="middle">M</text>
    <text x="${(w + 24 * scale) / 2}" y="${h * 0.74}" font-family="sans-serif" font-weight="700" font-size="${28 * scale}" fill="#111" text-anchor="middle">${text}</text>
  </g>`;
}

interface Profile {
  r: number;
  wheels: [number, number];
  /** The body outline, from the bottom of the rear bumper; `bottom` is the sill line. */
  body: (bottom: number) => string;
  glass: string[];
  /** The B-pillar: x, top and height. */
  pillar: [number, number, number];
  /** The x of the rear door's back edge. */
  rearDoor: number;
  /** The y of the waist crease, the door handles and the top of the door lines. */
  crease: number;
  handles: number;
  doors: number;
  mirror: string;
  headlight: string;
  taillight: string;
  extra?: string;
}

const profiles: Record<CarShape, Profile> = {
  sedan: {
    r: 78,
    wheels: [355, 845],
    body: (
      b,
    ) => `M195 ${b} C188 620 196 585 238 572 L330 556 L425 468 C445 450 465 444 495 444 L720 444
      C762 444 784 454 806 472 L885 546 L982 566 C1010 574 1022 602 1016 640 L1010 ${b} Z`,
    glass: [
      'M440 540 L478 480 C490 466 505 462 525 462 L592 462 L592 540 Z',
      'M608 462 L712 462 C735 462 752 468 768 482 L820 540 L608 540 Z',
    ],
    pillar: [592, 458, 86],
    rearDoor: 430,
    crease: 604,
    handles: 566,
    doors: 548,
    mirror: 'M812 516 L850 512 L856 536 L818 540 Z',
    headlight: 'M968 582 C990 584 1006 592 1012 608 L972 606 Z',
    taillight: '<rect x="196" y="584" width="26" height="30" rx="6" fill="#b3121d"/>',
  },
  hatchback: {
    r: 76,
    wheels: [382, 842],
    body: (b) => `M266 ${b} C260 620 262 576 278 548 L326 472 C336 455 352 446 378 446 L712 444
      C756 444 780 456 800 474 L878 546 L978 566 C1006 574 1018 602 1012 640 L1006 ${b} Z`,
    glass: [
      'M338 540 L366 480 C372 469 382 464 396 464 L438 464 L438 540 Z',
      'M452 464 L592 464 L592 540 L452 540 Z',
      'M608 464 L706 464 C729 464 746 470 762 484 L814 540 L608 540 Z',
    ],
    pillar: [592, 458, 86],
    rearDoor: 445,
    crease: 604,
    handles: 566,
    doors: 548,
    mirror: 'M806 516 L844 512 L850 536 L812 540 Z',
    headlight: 'M964 582 C986 584 1002 592 1008 608 L968 606 Z',
    taillight: '<rect x="266" y="552" width="22" height="42" rx="6" fill="#b3121d"/>',
  },
  suv: {
    r: 88,
    wheels: [350, 852],
    body: (
      b,
    ) => `M192 ${b} L192 560 C192 524 202 506 232 500 L266 418 C273 402 290 394 316 394 L734 394
      C770 394 790 404 808 420 L880 498 L984 518 C1012 526 1022 560 1018 600 L1012 ${b} Z`,
    glass: [
      'M280 492 L298 432 C302 420 312 412 328 412 L424 412 L424 492 Z',
      'M438 412 L592 412 L592 492 L438 492 Z',
      'M608 412 L726 412 C752 412 768 420 782 434 L836 492 L608 492 Z',
    ],
    pillar: [592, 408, 88],
    rearDoor: 431,
    crease: 560,
    handles: 522,
    doors: 500,
    mirror: 'M818 466 L858 462 L864 488 L824 492 Z',
    headlight: 'M966 534 C990 536 1008 546 1014 562 L970 560 Z',
    taillight: '<rect x="192" y="520" width="24" height="50" rx="6" fill="#b3121d"/>',
    extra: `<path d="M300 386 L730 386" stroke="#2a2b2f" stroke-width="8" stroke-linecap="round"/>`,
  },
};

function sideView(scene: Scene): string {
  const p = profiles[scene.shape];
  const ground = 760;
  const { r } = p;
  const wy = ground - r;
  const bottom = wy + 10;
  const [px, py, ph] = p.pillar;
  const trim = shade(scene.paint, -0.5);
  return `${background(scene, 520)}
    <ellipse cx="600" cy="${ground + 6}" rx="480" ry="26" fill="#000" opacity="0.35"/>
    ${p.extra ?? ''}
    <path d="${p.body(bottom)}" fill="url(#body)"/>
    ${
      scene.shape === 'suv'
        ? `<path d="M194 ${bottom - 34} L1014 ${bottom - 34} L1012 ${bottom} L192 ${bottom} Z" fill="#2a2b2f"/>`
        : ''
    }
    <path d="M${p.wheels[0] - 110} ${p.crease} L1012 ${p.crease}" stroke="${shade(scene.paint, -0.35)}" stroke-width="3" opacity="0.7"/>
    <path d="M240 ${p.crease - 19} C420 ${p.crease - 29} 760 ${p.crease - 29} 990 ${p.crease - 14}" stroke="#ffffff" stroke-width="6" opacity="0.25" fill="none"/>
    ${p.glass.map((d) => `<path d="${d}" fill="url(#glass)"/>`).join('')}
    <rect x="${px}" y="${py}" width="16" height="${ph}" fill="${shade(scene.paint, -0.55)}"/>
    <path d="M600 ${p.doors} L600 ${wy - 4} M${p.rearDoor} ${p.doors} L${p.rearDoor - 2} ${wy - 40} M790 ${p.doors} L792 ${wy - 40}" stroke="${trim}" stroke-width="3"/>
    <rect x="640" y="${p.handles}" width="46" height="10" rx="5" fill="${shade(scene.paint, -0.3)}"/>
    <rect x="450" y="${p.handles}" width="46" height="10" rx="5" fill="${shade(scene.paint, -0.3)}"/>
    <path d="${p.mirror}" fill="${shade(scene.paint, -0.25)}"/>
    <path d="${p.headlight}" fill="#fff6d6"/>
    ${p.taillight}
    ${p.wheels
      .map(
        (cx) =>
          `<path d="M${cx - r - 12} ${bottom} A${r + 12} ${r + 12} 0 0 1 ${cx + r + 12} ${bottom} Z" fill="#15161a"/>`,
      )
      .join('')}
    ${p.wheels.map((cx) => wheel(cx, wy, r)).join('')}`;
}

function frontOrRear(scene: Scene, rear: boolean): string {
  const dark = shade(scene.paint, -0.55);
  const lamp = rear
    ? (x: number, flip: boolean) =>
        `<path d="M${x} 545 L${x + (flip ? -120 : 120)} 540 L${x + (flip ? -110 : 110)} 580 L${x} 588 Z" fill="#c0141f" stroke="#5d0a10" stroke-width="3"/>`
    : (x: number, flip: boolean) =>
        `<path d="M${x} 548 L${x + (flip ? -125 : 125)} 556 L${x + (flip ? -112 : 112)} 590 L${x} 584 Z" fill="#fdf7e3" stroke="${dark}" stroke-width="3"/>
         <circle cx="${x + (flip ? -40 : 40)}" cy="570" r="12" fill="#ffffff"/>`;
  const middle = rear
    ? `${plate(600, 610, scene.plate)}
       <rect x="520" y="545" width="160" height="12" rx="6" fill="${shade(scene.paint, -0.3)}"/>
       <rect x="300" y="690" width="600" height="26" rx="10" fill="${shade(scene.paint, -0.4)}"/>
       <ellipse cx="360" cy="720" rx="24" ry="10" fill="#2b2b2b" stroke="#888" stroke-width="3"/>`
    : `<rect x="450" y="600" width="300" height="70" rx="20" fill="#1e2023" stroke="${shade(scene.paint, -0.25)}" stroke-width="6"/>
       <path d="M470 620 H730 M470 637 H730 M470 654 H730" stroke="#3c3f44" stroke-width="5"/>
       <circle cx="600" cy="578" r="16" fill="#d7d9dc" stroke="#8b8f94" stroke-width="3"/>
       ${plate(600, 712, scene.plate, 0.9)}`;
  return `${background(scene, 520)}
    <ellipse cx="600" cy="782" rx="420" ry="26" fill="#000" opacity="0.35"/>
    <rect x="268" y="690" width="92" height="90" rx="16" fill="#17181b"/>
    <rect x="840" y="690" width="92" height="90" rx="16" fill="#17181b"/>
    <path d="M350 498 L420 352 C430 334 446 326 470 326 L730 326 C754 326 770 334 780 352 L850 498 Z" fill="url(#body)"/>
    <path d="M378 492 L438 368 C444 356 456 350 472 350 L728 350 C744 350 756 356 762 368 L822 492 Z" fill="url(#glass)"/>
    <path d="M430 380 L520 360 L470 470 Z" fill="#ffffff" opacity="0.12"/>
    <path d="M262 520 C262 496 290 484 330 482 L870 482 C910 484 938 496 938 520 L946 700 C946 722 930 734 906 734
      L294 734 C270 734 254 722 254 700 Z" fill="url(#body)"/>
    <path d="M270 512 C420 500 780 500 930 512" stroke="#ffffff" stroke-width="5" opacity="0.3" fill="none"/>
    <path d="M338 470 L292 462 C280 462 276 480 290 486 L340 490 Z" fill="${shade(scene.paint, -0.2)}"/>
    <path d="M862 470 L908 462 C920 462 924 480 910 486 L860 490 Z" fill="${shade(scene.paint, -0.2)}"/>
    ${lamp(278, false)}${lamp(922, true)}
    ${middle}`;
}

function interiorView(scene: Scene): string {
  const trim = scene.paint;
  // Malta drives on the left: the steering wheel is on the right.
  const sx = 800;
  const sy = 640;
  return `${background(scene, 420)}
    <path d="M0 0 L140 0 L330 470 L260 470 Z" fill="#202124"/>
    <path d="M1200 0 L1060 0 L870 470 L940 470 Z" fill="#202124"/>
    <rect width="${WIDTH}" height="40" fill="#26272a"/>
    <rect x="560" y="40" width="110" height="34" rx="8" fill="#2e2f33"/>
    <path d="M0 470 C300 440 900 440 1200 470 L1200 900 L0 900 Z" fill="#2a2b2f"/>
    <path d="M0 470 C300 440 900 440 1200 470 L1200 500 C900 474 300 474 0 500 Z" fill="#3b3c41"/>
    <path d="M0 560 C300 540 900 540 1200 560 L1200 578 C900 560 300 560 0 578 Z" fill="${trim}" opacity="0.9"/>
    <rect x="690" y="500" width="220" height="90" rx="18" fill="#121315"/>
    <circle cx="745" cy="545" r="32" fill="none" stroke="#4fc3f7" stroke-width="4"/>
    <circle cx="855" cy="545" r="32" fill="none" stroke="#ffb74d" stroke-width="4"/>
    <rect x="430" y="490" width="200" height="120" rx="12" fill="#0d0e10" stroke="#55575c" stroke-width="3"/>
    <rect x="442" y="502" width="176" height="96" rx="6" fill="#1c3b5a"/>
    <path d="M452 580 L500 540 L540 566 L580 520 L608 540" stroke="#7fd3ff" stroke-width="4" fill="none"/>
    <rect x="470" y="630" width="120" height="22" rx="8" fill="#3a3b40"/>
    <rect x="478" y="660" width="104" height="14" rx="7" fill="#3a3b40"/>
    <path d="M470 900 L500 720 L580 720 L610 900 Z" fill="#1d1e21"/>
    <rect x="527" y="690" width="26" height="70" rx="10" fill="#4a4b50"/>
    <circle cx="540" cy="686" r="20" fill="#5a5b61"/>
    <circle cx="${sx}" cy="${sy}" r="170" fill="none" stroke="#18191b" stroke-width="34"/>
    <circle cx="${sx}" cy="${sy}" r="170" fill="none" stroke="#3a3b40" stroke-width="6"/>
    <path d="M${sx - 160} ${sy + 20} L${sx - 60} ${sy + 30} L${sx - 40} ${sy + 110} L${sx + 40} ${sy + 110} L${sx + 60} ${sy + 30} L${sx + 160} ${sy + 20}"
      fill="none" stroke="#18191b" stroke-width="34" stroke-linejoin="round"/>
    <circle cx="${sx}" cy="${sy + 30}" r="58" fill="#202124"/>
    <circle cx="${sx}" cy="${sy + 30}" r="18" fill="${trim}"/>
    <path d="M120 900 L150 640 C160 600 260 600 280 640 L330 900 Z" fill="#26272b"/>`;
}

function detailView(scene: Scene): string {
  const cx = 600;
  const cy = 560;
  const r = 290;
  let bolts = '';
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2;
    bolts += `<circle cx="${(cx + Math.cos(a) * 42).toFixed(1)}" cy="${(cy + Math.sin(a) * 42).toFixed(1)}" r="9" fill="#7c8086"/>`;
  }
  return `${background(scene, 330)}
    <ellipse cx="${cx}" cy="${cy + r + 10}" rx="${r + 120}" ry="34" fill="#000" opacity="0.4"/>
    <path d="M0 150 L1200 150 L1200 900 L1000 900 L1000 ${cy} A400 400 0 0 0 200 ${cy} L200 900 L0 900 Z" fill="url(#body)"/>
    <path d="M0 250 C400 230 800 230 1200 250" stroke="#ffffff" stroke-width="8" opacity="0.25" fill="none"/>
    <path d="M0 150 L1200 150" stroke="${shade(scene.paint, 0.4)}" stroke-width="4"/>
    <path d="M200 ${cy} A400 400 0 0 1 1000 ${cy} L1000 900 L200 900 Z" fill="#0b0b0d"/>
    <path d="M1000 ${cy} A400 400 0 0 0 200 ${cy}" fill="none" stroke="${shade(scene.paint, 0.3)}" stroke-width="6"/>
    ${wheel(
      cx,
      cy,
      r,
      10,
      `<circle cx="${cx}" cy="${cy}" r="150" fill="#8a8d91"/>
       <circle cx="${cx}" cy="${cy}" r="130" fill="none" stroke="#6f7276" stroke-width="6" stroke-dasharray="4 10"/>
       <path d="M${cx + 95} ${cy - 125} A157 157 0 0 1 ${cx + 155} ${cy + 20}" stroke="#c0182a" stroke-width="44" fill="none"/>`,
    )}
    ${bolts}
    <rect x="0" y="${cy + r + 20}" width="${WIDTH}" height="${HEIGHT - cy - r - 20}" fill="url(#road)" opacity="0.9"/>`;
}

const views: Record<CarPhotoView, (scene: Scene) => string> = {
  side: sideView,
  front: (scene) => frontOrRear(scene, false),
  rear: (scene) => frontOrRear(scene, true),
  interior: interiorView,
  detail: detailView,
};

function caption(label: string): string {
  const text = escapeXml(label.length > 60 ? `${label.slice(0, 59)}…` : label);
  const width = Math.min(WIDTH - 60, 40 + text.length * 16);
  return `<g transform="translate(30 ${HEIGHT - 78})">
    <rect width="${width}" height="50" rx="12" fill="#000" opacity="0.55"/>
    <text x="20" y="34" font-family="sans-serif" font-size="27" fill="#ffffff">${text}</text>
  </g>`;
}

/** The SVG source of a photo (exported for tests and previews). */
export function carPhotoSvg(options: CarPhotoOptions): string {
  const random = prng(options.seed * 7919 + 17);
  // One car, one day out: its photos share the sky and the number plate.
  const car = Math.floor(options.seed / 16);
  const scene: Scene = {
    paint: paintOf(options.colour),
    shape: options.shape ?? 'hatchback',
    random,
    sky: skies[Math.abs(car) % skies.length] ?? skies[0],
    plate: plateText(prng(car * 31 + 5)),
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
    ${defs(scene)}${views[options.view](scene)}${caption(options.label)}</svg>`;
}

/** A stylised photo of a car (840x630) as a base64 JPEG, drawn from an SVG by sharp. */
export async function carPhoto(options: CarPhotoOptions): Promise<string> {
  const jpeg = await sharp(Buffer.from(carPhotoSvg(options)))
    // A single pass: the server re-encodes every upload anyway.
    .jpeg({ quality: 82, optimiseCoding: false })
    .toBuffer();
  return jpeg.toString('base64');
}
