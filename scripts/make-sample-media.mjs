// Makes the sample videos under apps/web/public/media with Debian's ffmpeg (librsvg, libx264,
// AAC): `node scripts/make-sample-media.mjs [name…]`. Each is a 12 s, 640×360 clip of a scene in
// the brand's colours (a title card over the maze motif), slowly pushed in, with a soft chord and
// a caption file; the landing's and the experiences' posters are the clip's first frame as JPEG,
// so pressing play changes nothing on screen
// (the promo and host pack posters are hand-drawn SVG). Nothing is downloaded; the text face is
// the system's bold sans, found with fc-match.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MEDIA = join(import.meta.dirname, '..', 'apps', 'web', 'public', 'media');
const SECONDS = 12;
const FPS = 24;

/** name → the scene's words, its accent and whether a JPEG poster is made from it. */
const CLIPS = {
  landing: {
    title: 'Ark of Answers',
    line: 'A biblical trivia game',
    hue: '#f7b538',
    poster: true,
  },
  promo: { title: 'Game Pack', line: 'Every pack, every quest', hue: '#f7b538', poster: false },
  hostpack: {
    title: 'Host Pack',
    line: 'Host your own quest nights',
    hue: '#4cc9f0',
    poster: false,
  },
  'mariano-rivera': {
    title: 'Mariano Rivera',
    line: 'A closer’s quest · 2024',
    hue: '#4361ee',
    poster: true,
  },
  'georgia-aim-flythrough': {
    title: 'Georgia AIM FlyThrough',
    line: 'Fly the district · 2025',
    hue: '#4cc9f0',
    poster: true,
  },
  'ark-of-answers': {
    title: 'Ark of Answers',
    line: 'A biblical trivia game · 2025',
    hue: '#f7b538',
    poster: true,
  },
};

const escapeXml = (text) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]);

/** The title card, 1280×720: the site's backdrop (ink, maze, two glows, the hexagon) and words. */
function scene({ title, line, hue }, font) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
  <defs>
    <radialGradient id="warm" cx="80%" cy="10%" r="70%">
      <stop offset="0" stop-color="${hue}" stop-opacity="0.45"/><stop offset="1" stop-color="${hue}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="cool" cx="0%" cy="100%" r="80%">
      <stop offset="0" stop-color="#4361ee" stop-opacity="0.4"/><stop offset="1" stop-color="#4361ee" stop-opacity="0"/>
    </radialGradient>
    <pattern id="maze" width="64" height="64" patternUnits="userSpaceOnUse">
      <path d="M0 32h24v32M32 0v14h32M40 32h24M32 32v18h-9M50 46v18" fill="none" stroke="#3b4f7c" stroke-width="2" stroke-linecap="round"/>
    </pattern>
  </defs>
  <rect width="1280" height="720" fill="#0a0f1c"/>
  <rect width="1280" height="720" fill="url(#maze)" opacity="0.5"/>
  <rect width="1280" height="720" fill="url(#warm)"/>
  <rect width="1280" height="720" fill="url(#cool)"/>
  <g fill="none" stroke="${hue}" opacity="0.55" transform="translate(0 -110)">
    <path d="M1000 150 1156 240v180l-156 90-156-90V240z" stroke-width="3"/>
    <path d="M1000 210 1104 270v120l-104 60-104-60V270z" stroke-width="2" opacity="0.6"/>
    <path d="M1000 270v60l52 30" stroke-width="5" stroke-linecap="round"/>
  </g>
  <text x="96" y="540" fill="#f4f7fc" font-family="${font}" font-size="84" font-weight="bold" letter-spacing="-2">${escapeXml(title)}</text>
  <text x="100" y="604" fill="#ffd27a" font-family="${font}" font-size="36" font-weight="bold">${escapeXml(line)}</text>
</svg>`;
}

function ffmpeg(args) {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { stdio: 'inherit' });
}

function makeClip(name, clip, font, work) {
  const svg = join(work, `${name}.svg`);
  const still = join(work, `${name}.png`);
  writeFileSync(svg, scene(clip, font));
  // Drawn at twice the size, so the push-in moves smoothly instead of by whole pixels.
  ffmpeg(['-width', '2560', '-height', '1440', '-keep_ar', '0', '-i', svg, still]);
  const frames = SECONDS * FPS;
  // A slow push-in over the clip; a soft A-major chord that swells and fades.
  const video = `zoompan=z='1+0.12*on/${frames}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=${frames}:s=640x360:fps=${FPS},fade=out:st=${SECONDS - 0.8}:d=0.8,format=yuv420p`;
  const chord = `0.12*(sin(2*PI*220*t)+0.7*sin(2*PI*277.18*t)+0.6*sin(2*PI*329.63*t))*min(1,t/2)*min(1,(${SECONDS}-t)/2)`;
  const mp4 = join(MEDIA, `${name}.mp4`);
  ffmpeg([
    ...['-loop', '1', '-framerate', String(FPS), '-i', still],
    ...['-f', 'lavfi', '-i', `aevalsrc='${chord}':s=44100:d=${SECONDS}`],
    ...['-vf', video, '-t', String(SECONDS)],
    ...['-c:v', 'libx264', '-profile:v', 'baseline', '-crf', '30', '-preset', 'veryslow'],
    ...['-c:a', 'aac', '-b:a', '48k', '-ac', '1', '-movflags', '+faststart', mp4],
  ]);
  writeFileSync(
    join(MEDIA, `${name}.vtt`),
    `WEBVTT\n\n00:00:00.000 --> 00:00:${String(SECONDS).padStart(2, '0')}.000\n[Soft music]\n`,
  );
  if (clip.poster) {
    ffmpeg([
      '-i',
      mp4,
      '-vf',
      'select=eq(n\\,0)',
      '-frames:v',
      '1',
      '-q:v',
      '4',
      join(MEDIA, `${name}-poster.jpg`),
    ]);
  }
}

const font = execFileSync('fc-match', ['-f', '%{family[0]}', 'sans:bold'], { encoding: 'utf8' });
const wanted = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'questfield-media-'));
try {
  for (const [name, clip] of Object.entries(CLIPS)) {
    if (wanted.length === 0 || wanted.includes(name)) makeClip(name, clip, font, work);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
