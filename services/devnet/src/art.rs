//! Procedural pixel art: small, real PNG files, different for every index and seed.

use bitcoin::hashes::{Hash, sha256};

/// A symmetric `size`×`size` pixel-art PNG derived from `seed` and `index`.
pub fn pixel_png(seed: u64, index: u32, size: u32) -> Vec<u8> {
    let digest =
        sha256::Hash::hash(format!("stamps-devnet/{seed}/art/{index}").as_bytes()).to_byte_array();
    let palette = [
        [digest[0], digest[1], digest[2]],
        [digest[3], digest[4], digest[5]],
        [
            255 - digest[0] / 2,
            255 - digest[1] / 2,
            255 - digest[2] / 2,
        ],
        [digest[6] / 3, digest[7] / 3, digest[8] / 3],
    ];
    let mut pixels = Vec::with_capacity((size * size * 3) as usize);
    let mut bits = u64::from_le_bytes(digest[8..16].try_into().unwrap_or([7; 8]));
    let half = size.div_ceil(2);
    let mut cells = vec![0u8; (size * half) as usize];
    for (i, cell) in cells.iter_mut().enumerate() {
        if i % 21 == 0 {
            let chunk = (i / 21) % 2;
            bits ^= u64::from_le_bytes(
                digest[16 + chunk * 8..24 + chunk * 8]
                    .try_into()
                    .unwrap_or([3; 8]),
            )
            .rotate_left(i as u32);
        }
        *cell = (bits & 3) as u8;
        bits = bits.rotate_right(2) ^ (i as u64).wrapping_mul(0x9e37_79b9);
    }
    for y in 0..size {
        for x in 0..size {
            let mx = if x < half { x } else { size - 1 - x };
            let colour = palette[cells[(y * half + mx) as usize] as usize];
            pixels.extend_from_slice(&colour);
        }
    }
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, size, size);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Best);
        // Writing to a Vec cannot fail for a well-formed header and exact-size data.
        if let Ok(mut writer) = encoder.write_header() {
            let _ = writer.write_image_data(&pixels);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn pngs_are_distinct_and_valid() {
        let a = super::pixel_png(1, 0, 16);
        let b = super::pixel_png(1, 1, 16);
        assert!(a.starts_with(b"\x89PNG\r\n\x1a\n"));
        assert_ne!(a, b);
        let decoder = png::Decoder::new(std::io::Cursor::new(&a));
        let reader = decoder.read_info().expect("decodes");
        assert_eq!(reader.info().width, 16);
    }
}
