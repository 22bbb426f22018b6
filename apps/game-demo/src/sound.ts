/**
 * Small Web Audio beeps. Browsers only let a page start audio after a user gesture, so the
 * AudioContext is made on the first one (unlock); the mute choice is remembered per device.
 */
const STORAGE_KEY = 'questfield-maze-muted';

type Note = { frequency: number; at: number; length: number };

function readMuted(storage: Storage | null): boolean {
  try {
    return storage?.getItem(STORAGE_KEY) === '1';
  } catch {
    // Storage can be blocked in a third-party frame; sound simply starts on.
    return false;
  }
}

function writeMuted(storage: Storage | null, muted: boolean): void {
  try {
    storage?.setItem(STORAGE_KEY, muted ? '1' : '0');
  } catch {
    // Not remembered, but the toggle still works for this visit.
  }
}

export class Sound {
  private context: AudioContext | null = null;
  muted: boolean;

  constructor(private readonly storage: Storage | null) {
    this.muted = readMuted(storage);
  }

  /** Call from a user gesture: makes (or resumes) the AudioContext when sound is on. */
  unlock(): void {
    if (this.muted || typeof AudioContext === 'undefined') return;
    this.context ??= new AudioContext();
    if (this.context.state === 'suspended') void this.context.resume();
  }

  toggle(): boolean {
    this.muted = !this.muted;
    writeMuted(this.storage, this.muted);
    if (!this.muted) this.unlock();
    return this.muted;
  }

  gem(): void {
    this.play([
      { frequency: 988, at: 0, length: 0.08 },
      { frequency: 1319, at: 0.07, length: 0.12 },
    ]);
  }

  finish(): void {
    this.play(
      [523, 659, 784, 1047].map((frequency, i) => ({ frequency, at: i * 0.11, length: 0.22 })),
    );
  }

  private play(notes: Note[]): void {
    const context = this.context;
    if (this.muted || context === null || context.state !== 'running') return;
    for (const note of notes) this.beep(context, note);
  }

  private beep(context: AudioContext, note: Note): void {
    const start = context.currentTime + note.at;
    const oscillator = new OscillatorNode(context, { type: 'triangle', frequency: note.frequency });
    const gain = new GainNode(context, { gain: 0.0001 });
    // A quick attack and an exponential fade: a soft chime rather than a click.
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.18, start + 0.012);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + note.length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start);
    oscillator.stop(start + note.length + 0.02);
  }
}
