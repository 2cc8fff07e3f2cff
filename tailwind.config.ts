import type { Config } from 'tailwindcss';

/**
 * Steadfast design tokens. Calm and warm: a deep indigo primary (trust), a warm amber accent
 * (hope, morning light) on a soft parchment background. Loaded from client/src/index.css with @config.
 */
export default {
  content: ['./client/index.html', './client/src/**/*.{ts,tsx}'],
  theme: {
    extend: {
      colors: {
        background: '#faf8f4',
        foreground: '#1b1f33',
        card: { DEFAULT: '#ffffff', foreground: '#1b1f33' },
        muted: { DEFAULT: '#f2eee7', foreground: '#585c70' },
        border: '#e5dfd4',
        input: '#cfc7b8',
        ring: '#3b4aa8',
        primary: {
          DEFAULT: '#2c3785',
          foreground: '#ffffff',
          50: '#eef0fa',
          100: '#dfe3f5',
          200: '#bfc7ec',
          300: '#96a2dc',
          500: '#4655b0',
          600: '#3b4aa8',
          700: '#2c3785',
          800: '#232c6b',
          900: '#181f4d',
        },
        accent: {
          DEFAULT: '#d9911c',
          foreground: '#2a1b04',
          50: '#fdf7ea',
          100: '#fbebc7',
          200: '#f5d488',
          300: '#eebb4f',
          600: '#b8770f',
          700: '#8f5b0c',
        },
        destructive: { DEFAULT: '#b42318', foreground: '#ffffff', 50: '#fef3f2' },
        success: { DEFAULT: '#1f7a4d', foreground: '#ffffff', 50: '#ecf8f1' },
      },
      fontFamily: {
        sans: ['system-ui', '-apple-system', '"Segoe UI"', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'],
        display: ['"Iowan Old Style"', '"Palatino Linotype"', 'Palatino', '"Book Antiqua"', 'Georgia', 'serif'],
      },
      borderRadius: { xl: '0.875rem', '2xl': '1.25rem' },
      boxShadow: {
        soft: '0 1px 2px rgb(27 31 51 / 0.04), 0 4px 16px rgb(27 31 51 / 0.06)',
      },
      keyframes: {
        'fade-in': { from: { opacity: '0' }, to: { opacity: '1' } },
        'pop-in': { from: { opacity: '0', transform: 'translate(-50%, -48%) scale(0.97)' }, to: { opacity: '1', transform: 'translate(-50%, -50%) scale(1)' } },
        'slide-in-left': { from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } },
        'slide-in-down': { from: { opacity: '0', transform: 'translateY(-0.5rem)' }, to: { opacity: '1', transform: 'translateY(0)' } },
      },
      animation: {
        'fade-in': 'fade-in 150ms ease-out',
        'pop-in': 'pop-in 160ms ease-out',
        'slide-in-left': 'slide-in-left 200ms ease-out',
        'slide-in-down': 'slide-in-down 200ms ease-out',
      },
    },
  },
} satisfies Config;
