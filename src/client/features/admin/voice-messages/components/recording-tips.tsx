import { Lightbulb } from 'lucide-react';
import { Card } from '~/client/components/ui/card';

/** SPEC section 2: the Recording Tips card; welcome messages under 10 seconds first. */
export function RecordingTips() {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="flex items-center gap-2 text-lg font-bold text-brand-950">
        <Lightbulb aria-hidden="true" className="size-5 text-plate-strong" />
        Recording tips
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-muted">
        <li>Keep the welcome message under 10 seconds: callers are waiting to speak to someone.</li>
        <li>Record in a quiet room, close to the microphone, and speak slowly and clearly.</li>
        <li>
          For the voicemail message, ask for the caller&rsquo;s name, phone number and car registration, and end with
          &ldquo;after the tone&rdquo;: the tone follows your recording.
        </li>
        <li>
          For hold music, use music you are licensed to play to callers (in the UK, a PPL PRS licence covers most
          commercial music), or royalty-free music.
        </li>
        <li>
          Upload an MP3 or WAV file of up to 10 MB. Phone lines carry mono speech, so a small MP3 sounds the same.
        </li>
      </ul>
    </Card>
  );
}
