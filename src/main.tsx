import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { StartupError } from '@/app/startup-error';

const root = createRoot(document.getElementById('root')!);

// The app module is loaded dynamically so a start-up failure (e.g. supabase-js's "supabaseKey is required."
// when VITE_SUPABASE_PUBLISHABLE_KEY is missing) still renders something a person can act on instead of a
// blank page. The original error is rethrown to the console untouched.
import('@/app/app')
  .then(({ App }) => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    console.error(error);
    root.render(<StartupError error={error} />);
  });
