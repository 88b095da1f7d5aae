// Bundled so Thai, Khmer and Burmese render offline and on devices without these fonts.
// Regular and bold only, and only the scripts we show: the service worker precaches each file.
import "@fontsource/noto-sans/latin-400.css";
import "@fontsource/noto-sans/latin-700.css";
import "@fontsource/noto-sans-thai/thai-400.css";
import "@fontsource/noto-sans-thai/thai-700.css";
import "@fontsource/noto-sans-khmer/khmer-400.css";
import "@fontsource/noto-sans-khmer/khmer-700.css";
import "@fontsource/noto-sans-myanmar/myanmar-400.css";
import "@fontsource/noto-sans-myanmar/myanmar-700.css";
