mod checksum;
mod wordcount;

pub use checksum::Checksum;
pub use wordcount::WordCount;

use crate::plugin::Plugin;

/// The plugins that ship with the host.
pub fn builtin() -> Vec<Box<dyn Plugin>> {
    vec![Box::new(WordCount { min_len: 4 }), Box::new(Checksum { block: 16 })]
}
