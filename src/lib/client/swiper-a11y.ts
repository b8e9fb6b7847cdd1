// Swiper with its one module that the carousels use (A11y), loaded together by carousel.ts when a
// carousel comes into view. Named static imports, so that the bundle holds A11y alone: a dynamic
// import('swiper/modules') kept all of Swiper's 22 modules (85 kB more for a phone to download).
export { default as Swiper } from 'swiper';
export { A11y } from 'swiper/modules';
