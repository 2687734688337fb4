"use client";
import { useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type MouseEvent, type Ref } from "react";
import { formatDuration } from "./queue-state";
import { peaksOf, seekTime } from "./waveform";

const BARS = 64;

export interface PlayerHandle {
  toggle(): void;
}

type Loaded = { key: string; peaks: number[] | null; objectUrl: string | null; failed: boolean };

/**
 * A voice note's audio with its waveform: the file is fetched once per version of the note (the
 * signed address changes with every poll, the audio does not), decoded with the Web Audio API into
 * peak bars, and played from memory. A click on the waveform seeks; arrow keys on it step 5 seconds.
 */
export function WaveformPlayer({ src, version, durationMs, label, ref }: { src: string; version: string; durationMs: number; label: string; ref?: Ref<PlayerHandle> }) {
  const audio = useRef<HTMLAudioElement>(null);
  const srcRef = useRef(src);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(durationMs / 1000);
  const [playProblem, setPlayProblem] = useState(false);

  useEffect(() => {
    srcRef.current = src;
  }, [src]);

  useEffect(() => {
    let cancelled = false;
    let objectUrl: string | null = null;
    (async () => {
      try {
        const response = await fetch(srcRef.current);
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const bytes = await response.arrayBuffer();
        objectUrl = URL.createObjectURL(new Blob([bytes], { type: response.headers.get("content-type") ?? "audio/wav" }));
        let peaks: number[] | null = null;
        try {
          const AudioContextClass = window.AudioContext ?? (window as Window & { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
          const context = new AudioContextClass();
          try {
            const buffer = await context.decodeAudioData(bytes.slice(0));
            peaks = peaksOf(buffer.getChannelData(0), BARS);
          } finally {
            void context.close();
          }
        } catch {
          // Undecodable here (a format this browser's Web Audio lacks): the audio may still play.
          peaks = null;
        }
        if (cancelled) URL.revokeObjectURL(objectUrl);
        else setLoaded({ key: version, peaks, objectUrl, failed: false });
      } catch {
        if (!cancelled) setLoaded({ key: version, peaks: null, objectUrl: null, failed: true });
      }
    })();
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [version]);

  const current = loaded?.key === version ? loaded : null;
  const playable = current?.objectUrl ?? (current?.failed ? src : null);

  const toggle = () => {
    const element = audio.current;
    if (!element || !playable) return;
    if (element.paused) {
      setPlayProblem(false);
      void element.play().catch(() => {
        setPlaying(false);
        setPlayProblem(true);
      });
    }
    else element.pause();
  };
  useImperativeHandle(ref, () => ({ toggle }));

  const seek = (seconds: number) => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = seconds;
    setTime(seconds);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    seek(seekTime(event.clientX - box.left, box.width, duration));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === "ArrowRight" ? 5 : event.key === "ArrowLeft" ? -5 : event.key === "Home" ? -Infinity : event.key === "End" ? Infinity : 0;
    if (!step) return;
    event.preventDefault();
    event.stopPropagation();
    seek(Math.min(duration, Math.max(0, time + step)));
  };

  const progress = duration > 0 ? time / duration : 0;
  const peaks = current?.peaks ?? null;
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 px-3 py-3 ring-1 ring-slate-200" data-testid="voice-player">
      <button
        type="button"
        onClick={toggle}
        disabled={!playable}
        aria-label={playing ? `Pause ${label}` : `Play ${label}`}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-xs hover:bg-brand-700 disabled:bg-brand-600/50"
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
          <path d={playing ? "M7 5h3v14H7zM14 5h3v14h-3z" : "M8 5v14l11-7z"} />
        </svg>
      </button>
      <div
        role="slider"
        tabIndex={0}
        aria-label={`Position in ${label}`}
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(time)}
        aria-valuetext={`${formatDuration(time * 1000)} of ${formatDuration(duration * 1000)}`}
        onClick={onClick}
        onKeyDown={onKeyDown}
        className="relative h-12 min-w-0 flex-1 cursor-pointer rounded focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        data-testid="voice-waveform"
        data-state={current ? (peaks ? "ready" : "no-waveform") : "loading"}
      >
        {peaks ? (
          <svg viewBox={`0 0 ${BARS * 3} 48`} preserveAspectRatio="none" className="size-full" aria-hidden="true">
            {peaks.map((peak, index) => {
              const height = Math.max(2, peak * 44);
              return (
                <rect
                  key={index}
                  x={index * 3}
                  y={(48 - height) / 2}
                  width={2}
                  height={height}
                  rx={1}
                  className={(index + 0.5) / BARS <= progress ? "fill-brand-600" : "fill-slate-300"}
                />
              );
            })}
          </svg>
        ) : (
          <div className="flex size-full items-center">
            <div className="relative h-1.5 w-full rounded-full bg-slate-200">
              <div className="absolute inset-y-0 left-0 rounded-full bg-brand-600" style={{ width: `${progress * 100}%` }} />
            </div>
          </div>
        )}
        {!current && <span className="sr-only">Loading the audio…</span>}
      </div>
      <span className="w-20 shrink-0 text-right text-xs text-slate-500 tabular-nums">
        {formatDuration(time * 1000)} / {formatDuration(duration * 1000)}
      </span>
      {playable && (
        <audio
          ref={audio}
          src={playable}
          preload="auto"
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
          onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
          onLoadedMetadata={(event) => {
            if (Number.isFinite(event.currentTarget.duration) && event.currentTarget.duration > 0) setDuration(event.currentTarget.duration);
          }}
        />
      )}
      {current?.failed && <span className="sr-only">The waveform could not be drawn; the audio plays from its address.</span>}
      {playProblem && (
        <span role="alert" className="basis-full text-xs text-red-700">
          This browser could not play the audio. Try again, or open Herald in another browser.
        </span>
      )}
    </div>
  );
}
