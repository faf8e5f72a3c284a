package scalecheck

import (
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/grade"
	"github.com/sqrtdk/sqrtdk/internal/mistake"
	"github.com/sqrtdk/sqrtdk/rational"
)

// A realCase is one attention implementation from public code or an issue
// tracker, with the numbers a user would pass to "sqrtdk diagnose" and the
// verdict it must get. Where no formula gives the measured std (one batch,
// one draw of the weights), sim says how it was simulated and the measured
// literal is the simulated std to 4 significant digits (checked below).
type realCase struct {
	name string
	args string // the equivalent command line, for the reader
	in   Input
	tol  string // "" means the command's default 1.5
	sim  *simulation
	kind Kind
	// mistake is the verdict's first mistake (AsIntended: ScaleRight);
	// also names a mistake the verdict must list alongside it.
	mistake, also grade.MistakeKind
	reason        Reason
	// assumed: the verdict rests on the lesson's unit entries, not given.
	assumed bool
}

func std(s string) rational.Value {
	v, err := ParseStd(s)
	if err != nil {
		panic(err)
	}
	return v
}

func scale(s string) Scale {
	v, err := ParseScale(s)
	if err != nil {
		panic(err)
	}
	return v
}

// fromInit is --init-std s with fan-in dModel on inputs of std 1.
func fromInit(s string, dModel int64) Entry {
	return EntryFromInit(std(s), dModel, rational.NewRat(big.NewRat(1, 1)))
}

var one = rational.NewRat(big.NewRat(1, 1))

var catalogue = []realCase{
	{
		// karpathy/nanoGPT model.py (commit 3adf61e): GPT-2 small, n_embd 768,
		// n_head 12; c_attn weights N(0, 0.02²), zero bias; ln_1 (LayerNorm)
		// before attention; scores scaled by 1/sqrt(k.size(-1)) = 1/8.
		name: "nanoGPT GPT-2 small at initialisation, init known",
		args: "--measured-std 0.3116 --d-k 64 --heads 12 --d-model 768 --init-std 0.02",
		in:   Input{MeasuredStd: rat("0.3116"), DK: 64, DModel: 768, Heads: 12, Q: fromInit("0.02", 768), K: fromInit("0.02", 768)},
		sim:  &simulation{dModel: 768, dk: 64, input: layerNormed, wq: normal(0.02), wk: normal(0.02), factor: 1.0 / 8, tokens: 64, seed: 1},
		kind: AsIntended, mistake: ScaleRight,
	},
	{
		// The same measurement with nothing said about the entries: issue #12's
		// own example, which the old routine called "model width" with exit 1.
		name: "nanoGPT GPT-2 small, entries not given",
		args: "--measured-std 0.3116 --d-k 64 --heads 12",
		in:   Input{MeasuredStd: rat("0.3116"), DK: 64, Heads: 12},
		kind: Undecided, reason: EntriesUnknown,
	},
	{
		// The lesson's routine, step 2: a std near 1 means the scale is fine.
		// Nothing is said about the entries, so the verdict rests on the
		// lesson's assumption that they have std 1 (issue 26).
		name: "the routine's healthy reading, entries not given",
		args: "--measured-std 1.02 --d-k 64",
		in:   Input{MeasuredStd: rat("1.02"), DK: 64},
		kind: AsIntended, mistake: ScaleRight, assumed: true,
	},
	{
		// Gemma 2's layout, a head width set on its own: hidden 4608, 32
		// heads of 128 (google/gemma_pytorch, Gemma-2-27B), judged against the
		// usual 1/√d_k. d_model/heads = 144 predicts √128/12 ≈ 0.943 with unit
		// entries, within ×1.5 of 1.0 too, but off by ×1.06 where the right
		// scale is exact: the intended row is clearly the nearest (issue 26).
		name: "head width set on its own, entries not given",
		args: "--measured-std 1.0 --d-k 128 --heads 32 --d-model 4608",
		in:   Input{MeasuredStd: rat("1.0"), DK: 128, DModel: 4608, Heads: 32},
		kind: AsIntended, mistake: ScaleRight, assumed: true,
	},
	{
		// The same layout with unit entries given: the same rule, the same
		// verdict, now on given entries.
		name: "head width set on its own, unit entries given",
		args: "--measured-std 1.0 --d-k 128 --heads 32 --d-model 4608 --q-std 1 --k-std 1",
		in:   Input{MeasuredStd: rat("1.0"), DK: 128, DModel: 4608, Heads: 32, Q: MeasuredEntry(one), K: MeasuredEntry(one)},
		kind: AsIntended, mistake: ScaleRight,
	},
	{
		// Maximal-update parametrisation's 1/d at d_k = 64: with unit entries
		// the scores' std is √64/64 = 0.125 exactly (issue 26).
		name: "muP 1/d at its expected std, entries not given",
		args: "--measured-std 0.125 --d-k 64 --intended-scale 1/d",
		in:   Input{MeasuredStd: rat("0.125"), DK: 64, Intended: scale("1/d")},
		kind: AsIntended, mistake: ScaleRight, assumed: true,
	},
	{
		// What the assumption costs: huggingface/transformers issue #44380
		// (below) with the entries left out. GPT-2's entries (σ_q·σ_k ≈ 0.307)
		// under the usual scale give 0.304, near the 0.25 that the intended
		// d^-1/2/4 gives unit entries, so the verdict is "as intended" on an
		// assumption that is false here; the note names the usual scale and
		// the entry size it needs (0.304), and --init-std 0.02 finds the bug.
		name: "HF GPT-2 inverse-layer scaling, entries not given",
		args: "--measured-std 0.3040 --d-k 64 --heads 12 --d-model 768 --intended-scale d^-1/2/4",
		in:   Input{MeasuredStd: rat("0.3040"), DK: 64, DModel: 768, Heads: 12, Intended: scale("d^-1/2/4")},
		kind: AsIntended, mistake: ScaleRight, assumed: true,
	},
	{
		// karpathy/ng-video-lecture gpt.py before commit 988848a (PR #6 "We
		// should scale attention by head size"): n_embd 384, 6 heads of 64,
		// nn.Linear(n_embd, head_size, bias=False) with PyTorch's default
		// init, ln1 before attention, wei = q @ k.T * C**-0.5 with C = n_embd.
		name: "ng-video-lecture: C**-0.5 with C = n_embd",
		args: "--measured-std 0.1410 --d-k 64 --heads 6 --d-model 384 --init-std 1/sqrt(3*384)",
		in:   Input{MeasuredStd: rat("0.1410"), DK: 64, DModel: 384, Heads: 6, Q: fromInit("1/sqrt(3*384)", 384), K: fromInit("1/sqrt(3*384)", 384)},
		sim:  &simulation{dModel: 384, dk: 64, input: layerNormed, wq: torchDefault(384), wk: torchDefault(384), factor: 1 / math.Sqrt(384), tokens: 64, seed: 2},
		kind: Mistaken, mistake: mistake.ModelWidth,
	},
	{
		// karpathy/ng-video-lecture gpt.py at commit 988848a (the fix): the
		// same model with k.shape[-1]**-0.5; PyTorch's default init gives
		// entries of std 1/√3, so correct scores have std 1/3, not 1.
		name: "ng-video-lecture after the fix, PyTorch default init",
		args: "--measured-std 0.3454 --d-k 64 --heads 6 --d-model 384 --init-std 1/sqrt(3*384)",
		in:   Input{MeasuredStd: rat("0.3454"), DK: 64, DModel: 384, Heads: 6, Q: fromInit("1/sqrt(3*384)", 384), K: fromInit("1/sqrt(3*384)", 384)},
		sim:  &simulation{dModel: 384, dk: 64, input: layerNormed, wq: torchDefault(384), wk: torchDefault(384), factor: 1.0 / 8, tokens: 64, seed: 2},
		kind: AsIntended, mistake: ScaleRight,
	},
	{
		// lucidrains/vit-pytorch issue #65, fixed in commit 85314cf: Attention
		// had self.scale = dim ** -0.5 (dim = model width 1024 in the README's
		// example, 16 heads of dim_head 64), to_qkv nn.Linear default init,
		// PreNorm (LayerNorm) before attention.
		name: "vit-pytorch: dim ** -0.5 with dim = 1024",
		args: "--measured-std 0.08321 --d-k 64 --heads 16 --d-model 1024 --init-std 1/sqrt(3*1024)",
		in:   Input{MeasuredStd: rat("0.08321"), DK: 64, DModel: 1024, Heads: 16, Q: fromInit("1/sqrt(3*1024)", 1024), K: fromInit("1/sqrt(3*1024)", 1024)},
		sim:  &simulation{dModel: 1024, dk: 64, input: layerNormed, wq: torchDefault(1024), wk: torchDefault(1024), factor: 1.0 / 32, tokens: 64, seed: 3},
		kind: Mistaken, mistake: mistake.ModelWidth,
	},
	{
		// huggingface/transformers issue #38277, fixed by PR #38290: OPT
		// multiplies q_proj's output by head_dim**-0.5 and the SDPA path let
		// scaled_dot_product_attention apply its default scale again. OPT-125m:
		// hidden 768, 12 heads, init_std 0.02, LayerNorm before attention.
		name: "OPT with SDPA: pre-scaled query scaled again",
		args: "--measured-std 0.03799 --d-k 64 --heads 12 --d-model 768 --init-std 0.02",
		in:   Input{MeasuredStd: rat("0.03799"), DK: 64, DModel: 768, Heads: 12, Q: fromInit("0.02", 768), K: fromInit("0.02", 768)},
		sim:  &simulation{dModel: 768, dk: 64, input: layerNormed, wq: normal(0.02), wk: normal(0.02), factor: 1.0 / 64, tokens: 64, seed: 4},
		kind: Mistaken, mistake: mistake.ScaledTwice, also: mistake.DividedByD,
	},
	{
		// delzac/cntkx issue #10: ops/__init__.py (commit c2775ea)
		// scaled_dot_product_attention divided q·k by dk = reduce_sum(ones_like(query)),
		// the width itself. Simulated with unit q and k entries at width 64.
		name: "cntkx: divided by d_k",
		args: "--measured-std 0.1265 --d-k 64 --q-std 1 --k-std 1",
		in:   Input{MeasuredStd: rat("0.1265"), DK: 64, Q: MeasuredEntry(one), K: MeasuredEntry(one)},
		sim:  &simulation{dk: 64, wq: normal(1), wk: normal(1), factor: 1.0 / 64, tokens: 128, seed: 5},
		kind: Mistaken, mistake: mistake.ScaledTwice, also: mistake.DividedByD,
	},
	{
		// rasbt/LLMs-from-scratch issue #856:
		// ch03/02_bonus_efficient-multihead-attention/mha-implementations.ipynb,
		// MultiHeadAttentionCombinedQKV computed softmax(attn_scores /
		// keys.shape[-1]**-0.5): d_in = d_out = 768, 12 heads, nn.Linear
		// default init without bias, inputs torch.randn (std 1, not normalised).
		name: "LLMs-from-scratch: divided by d_k**-0.5",
		args: "--measured-std 21.31 --d-k 64 --heads 12 --d-model 768 --init-std 1/48",
		in:   Input{MeasuredStd: rat("21.31"), DK: 64, DModel: 768, Heads: 12, Q: fromInit("1/48", 768), K: fromInit("1/48", 768)},
		sim:  &simulation{dModel: 768, dk: 64, input: gaussian, wq: torchDefault(768), wk: torchDefault(768), factor: 8, tokens: 64, seed: 6},
		kind: Mistaken, mistake: mistake.ScaleInverted,
	},
	{
		// microsoft/MInference issue #69: minference_forward.py estimated the
		// top-k keys from q·k without dividing by sqrt(head_dim). LLaMA-3-8B:
		// hidden 4096, 32 heads of 128; simulated at the HF Llama
		// initialisation (std 0.02) on RMS-normalised inputs.
		name: "MInference: q·k not scaled",
		args: "--measured-std 19.17 --d-k 128 --heads 32 --d-model 4096 --init-std 0.02",
		in:   Input{MeasuredStd: rat("19.17"), DK: 128, DModel: 4096, Heads: 32, Q: fromInit("0.02", 4096), K: fromInit("0.02", 4096)},
		sim:  &simulation{dModel: 4096, dk: 128, input: rmsNormed, wq: normal(0.02), wk: normal(0.02), factor: 1, tokens: 32, seed: 7},
		kind: Mistaken, mistake: mistake.Unscaled,
	},
	{
		// FrancescoSaverioZuppichini/ViT issue #2: att = F.softmax(energy) /
		// scaling, the scale applied after softmax, so the logits are
		// unscaled. emb_size 768, 8 heads of 96, qkv nn.Linear default init,
		// LayerNorm before attention.
		name: "ViT tutorial: scale after softmax",
		args: "--measured-std 3.319 --d-k 96 --heads 8 --d-model 768 --init-std 1/48",
		in:   Input{MeasuredStd: rat("3.319"), DK: 96, DModel: 768, Heads: 8, Q: fromInit("1/48", 768), K: fromInit("1/48", 768)},
		sim:  &simulation{dModel: 768, dk: 96, input: layerNormed, wq: torchDefault(768), wk: torchDefault(768), factor: 1, tokens: 64, seed: 8},
		kind: Mistaken, mistake: mistake.Unscaled,
	},
	{
		// tunz/transformer-pytorch issue #8: a reader saw no division by
		// sqrt(d_k); model/transformer.py scales q by att_size ** -0.5 before
		// the product, which is the same. hidden 512, 8 heads of 64,
		// xavier_uniform_ on linear_q/linear_k (std 1/√512), LayerNorm before.
		name: "transformer-pytorch: scale applied to q",
		args: "--measured-std 0.9826 --d-k 64 --heads 8 --d-model 512 --init-std sqrt(2/1024)",
		in:   Input{MeasuredStd: rat("0.9826"), DK: 64, DModel: 512, Heads: 8, Q: fromInit("sqrt(2/1024)", 512), K: fromInit("sqrt(2/1024)", 512)},
		sim:  &simulation{dModel: 512, dk: 64, input: layerNormed, wq: xavierUniform(512, 512), wk: xavierUniform(512, 512), factor: 1.0 / 8, tokens: 64, seed: 9},
		kind: AsIntended, mistake: ScaleRight,
	},
	{
		// huggingface/transformers modeling_t5.py _init_weights ("Mesh
		// TensorFlow attention initialization to avoid scaling before
		// softmax", issue #18284): W_q ~ N(0, 1/(d_model·d_kv)), W_k ~
		// N(0, 1/d_model), no scale on q·k. t5-small: d_model 512, 8 heads of
		// d_kv 64; T5LayerNorm (RMS) before attention.
		name: "T5: the scale folded into W_q's initialisation",
		args: "--measured-std 1.022 --d-k 64 --heads 8 --d-model 512 --init-std 1/sqrt(512*64),1/sqrt(512) --intended-scale 1",
		in:   Input{MeasuredStd: rat("1.022"), DK: 64, DModel: 512, Heads: 8, Q: fromInit("1/sqrt(512*64)", 512), K: fromInit("1/sqrt(512)", 512), Intended: scale("1")},
		sim:  &simulation{dModel: 512, dk: 64, input: rmsNormed, wq: normal(1 / math.Sqrt(512*64)), wk: normal(1 / math.Sqrt(512)), factor: 1, tokens: 64, seed: 10},
		kind: AsIntended, mistake: ScaleRight,
	},
	{
		// AI-Hypercomputer/maxtext PR #1349: attentions.py folds 1/√head_dim
		// into the query initialiser (as T5), yet the GPU cudnn_flash_te kernel
		// was also given 1/√head_dim. Defaults: emb_dim 2048, 16 heads of 128,
		// fan-in-scaled init (simulated as normal, not truncated), RMSNorm inputs.
		name: "maxtext: folded scale plus a kernel scale",
		args: "--measured-std 0.08946 --d-k 128 --heads 16 --d-model 2048 --init-std 1/sqrt(2048*128),1/sqrt(2048) --intended-scale 1",
		in:   Input{MeasuredStd: rat("0.08946"), DK: 128, DModel: 2048, Heads: 16, Q: fromInit("1/sqrt(2048*128)", 2048), K: fromInit("1/sqrt(2048)", 2048), Intended: scale("1")},
		sim:  &simulation{dModel: 2048, dk: 128, input: rmsNormed, wq: normal(1 / math.Sqrt(2048*128)), wk: normal(1 / math.Sqrt(2048)), factor: 1 / math.Sqrt(128), tokens: 32, seed: 11},
		kind: Mistaken, mistake: mistake.UsualScale, also: mistake.UsualOnTop,
	},
	{
		// openai/guided-diffusion issue #38 (and openai/improved-diffusion
		// #54): unet.py QKVAttention multiplies q and k each by
		// 1/sqrt(sqrt(ch)), on purpose. 64 channels per head, 256 channels,
		// qkv conv_nd(1, C, 3C, 1) with PyTorch's default init, GroupNorm
		// before (simulated as a per-token normalisation).
		name: "guided-diffusion: d^-1/4 on q and on k",
		args: "--measured-std 0.3335 --d-k 64 --heads 4 --d-model 256 --init-std 1/sqrt(3*256) --intended-scale each:d^-1/4",
		in:   Input{MeasuredStd: rat("0.3335"), DK: 64, DModel: 256, Heads: 4, Q: fromInit("1/sqrt(3*256)", 256), K: fromInit("1/sqrt(3*256)", 256), Intended: scale("each:d^-1/4")},
		sim:  &simulation{dModel: 256, dk: 64, input: layerNormed, wq: torchDefault(256), wk: torchDefault(256), factor: math.Pow(64, -0.25) * math.Pow(64, -0.25), tokens: 64, seed: 12},
		kind: AsIntended, mistake: ScaleRight,
	},
	{
		// microsoft/mup README.md: attention scores query @ key.T * 8 / d
		// ("8/d instead of 1/d to be backward compatible with 1/d**0.5 when
		// d=64"); examples/Transformer/model.py inits with std (1/d_model)**0.5.
		// d_model 512, 4 heads of 128; the query drawn like the key here. At
		// twice the base width 8/d is √2 below 1/√d, closer than ×1.5², so
		// the tolerance is ×1.1 (the simulation is precise to about 1%).
		name: "muP 8/d at head width 128",
		args: "--measured-std 0.7082 --d-k 128 --heads 4 --d-model 512 --init-std sqrt(1/512) --intended-scale 8/d --tolerance 1.1",
		in:   Input{MeasuredStd: rat("0.7082"), DK: 128, DModel: 512, Heads: 4, Q: fromInit("sqrt(1/512)", 512), K: fromInit("sqrt(1/512)", 512), Intended: scale("8/d")},
		tol:  "1.1",
		sim:  &simulation{dModel: 512, dk: 128, input: layerNormed, wq: normal(math.Sqrt(1.0 / 512)), wk: normal(math.Sqrt(1.0 / 512)), factor: 8.0 / 128, tokens: 64, seed: 13},
		kind: AsIntended, mistake: ScaleRight,
	},
	{
		// The same muP measurement judged against the usual 1/√d_k: the
		// scores are √2 too narrow for it, as close as model width (1/√512)
		// is, so without the intention the command cannot tell.
		name: "muP 8/d judged against the usual scale",
		args: "--measured-std 0.7082 --d-k 128 --heads 4 --d-model 512 --init-std sqrt(1/512)",
		in:   Input{MeasuredStd: rat("0.7082"), DK: 128, DModel: 512, Heads: 4, Q: fromInit("sqrt(1/512)", 512), K: fromInit("sqrt(1/512)", 512)},
		kind: Undecided, reason: Ambiguous,
	},
	{
		// microsoft/mup README.md: "initializing the query matrix in a
		// Transformer to 0". Every score is then exactly 0 whatever the scale.
		name: "muP with the query zero-initialised",
		args: "--measured-std 0 --d-k 128 --heads 4 --d-model 512 --init-std 0,sqrt(1/512) --intended-scale 8/d",
		in:   Input{MeasuredStd: rat("0"), DK: 128, DModel: 512, Heads: 4, Q: fromInit("0", 512), K: fromInit("sqrt(1/512)", 512), Intended: scale("8/d")},
		kind: Undecided, reason: EntriesZero,
	},
	{
		// cloneofsimo/minRF issue #10: advanced/mmdit.py (commit 4fc10e0) says
		// it follows muP (attention 1/head_dim) but passes
		// scale=1/self.head_dim**0.5 to scaled_dot_product_attention; q and k
		// go through a per-head LayerNorm without affine. dim 2048, 4 heads of 512.
		name: "minRF: muP model with the usual scale",
		args: "--measured-std 1.003 --d-k 512 --heads 4 --d-model 2048 --qk-norm rms --intended-scale 1/d",
		in:   Input{MeasuredStd: rat("1.003"), DK: 512, DModel: 2048, Heads: 4, Q: NormalisedEntry(RMSNorm, 512), K: NormalisedEntry(RMSNorm, 512), Intended: scale("1/d")},
		sim:  &simulation{dModel: 2048, dk: 512, input: layerNormed, wq: torchDefault(2048), wk: torchDefault(2048), norm: qkLayer, factor: 1 / math.Sqrt(512), tokens: 32, seed: 14},
		kind: Mistaken, mistake: mistake.UsualScale,
	},
	{
		// huggingface/transformers issue #31891 and ggml-org/llama.cpp PR #8444:
		// Gemma-2-9B was first converted with query_pre_attn_scalar = 224
		// (hidden_size // num_heads) where 256 (head_dim) is right. Hidden
		// 3584, 16 heads of 256; simulated with W ~ N(0, 1/3584) on
		// RMS-normalised inputs (unit entries). A 7% difference needs a
		// tolerance below ×1.034.
		name: "Gemma-2-9B: d_model/heads = 224 instead of head_dim 256",
		args: "--measured-std 1.066 --d-k 256 --heads 16 --d-model 3584 --init-std 1/sqrt(3584) --tolerance 1.03",
		in:   Input{MeasuredStd: rat("1.066"), DK: 256, DModel: 3584, Heads: 16, Q: fromInit("1/sqrt(3584)", 3584), K: fromInit("1/sqrt(3584)", 3584)},
		tol:  "1.03",
		sim:  &simulation{dk: 256, wq: normal(1), wk: normal(1), factor: 1 / math.Sqrt(224), tokens: 256, seed: 15},
		kind: Mistaken, mistake: mistake.SplitWidth,
	},
	{
		// The same Gemma-2-9B measurement at the default tolerance ×1.5: the
		// right scale and d_model/heads both fit, so it cannot tell.
		name: "Gemma-2-9B at the default tolerance",
		args: "--measured-std 1.066 --d-k 256 --heads 16 --d-model 3584 --init-std 1/sqrt(3584)",
		in:   Input{MeasuredStd: rat("1.066"), DK: 256, DModel: 3584, Heads: 16, Q: fromInit("1/sqrt(3584)", 3584), K: fromInit("1/sqrt(3584)", 3584)},
		kind: Undecided, reason: Ambiguous,
	},
	{
		// google/gemma_pytorch issue #71 (27B sets query_pre_attn_scalar = 144
		// = hidden_size / num_heads) and antonellof/ferrox issue #40 (27B run
		// with 1/sqrt(head_dim)). Gemma-2-27B: hidden 4608, 32 heads of 128
		// (the configuration the old routine refused); simulated with unit entries.
		name: "Gemma-2-27B: 1/√128 instead of the intended 1/√144",
		args: "--measured-std 1.015 --d-k 128 --heads 32 --d-model 4608 --init-std 1/sqrt(4608) --intended-scale 144^-1/2 --tolerance 1.03",
		in:   Input{MeasuredStd: rat("1.015"), DK: 128, DModel: 4608, Heads: 32, Q: fromInit("1/sqrt(4608)", 4608), K: fromInit("1/sqrt(4608)", 4608), Intended: scale("144^-1/2")},
		tol:  "1.03",
		sim:  &simulation{dk: 128, wq: normal(1), wk: normal(1), factor: 1 / math.Sqrt(128), tokens: 256, seed: 16},
		kind: Mistaken, mistake: mistake.UsualScale,
	},
	{
		// antonellof/ferrox issue #40: Gemma-3-27B (QK-norm by RMSNorm,
		// query_pre_attn_scalar 168 = 5376/32, head_dim 128) run with
		// 1/sqrt(head_dim): scores √(168/128) ≈ 1.146 too wide.
		name: "Gemma-3-27B: 1/√128 instead of the intended 1/√168",
		args: "--measured-std 1.001 --d-k 128 --heads 32 --d-model 5376 --qk-norm rms --intended-scale 168^-1/2 --tolerance 1.1",
		in:   Input{MeasuredStd: rat("1.001"), DK: 128, DModel: 5376, Heads: 32, Q: NormalisedEntry(RMSNorm, 128), K: NormalisedEntry(RMSNorm, 128), Intended: scale("168^-1/2")},
		tol:  "1.1",
		sim:  &simulation{dk: 128, wq: normal(1), wk: normal(1), norm: qkRMS, factor: 1 / math.Sqrt(128), tokens: 256, seed: 17},
		kind: Mistaken, mistake: mistake.UsualScale,
	},
	{
		// huggingface/transformers models/qwen3/modeling_qwen3.py: q_norm and
		// k_norm are RMSNorm(head_dim) per head and the scale is
		// head_dim**-0.5. Qwen3-8B: hidden 4096, 32 heads of 128.
		name: "Qwen3: QK-norm with the usual scale",
		args: "--measured-std 1.014 --d-k 128 --heads 32 --d-model 4096 --qk-norm rms",
		in:   Input{MeasuredStd: rat("1.014"), DK: 128, DModel: 4096, Heads: 32, Q: NormalisedEntry(RMSNorm, 128), K: NormalisedEntry(RMSNorm, 128)},
		sim:  &simulation{dk: 128, wq: normal(1), wk: normal(1), norm: qkRMS, factor: 1 / math.Sqrt(128), tokens: 128, seed: 17},
		kind: AsIntended, mistake: ScaleRight,
	},
	{
		// microsoft/Swin-Transformer models/swin_transformer_v2.py: cosine
		// attention F.normalize(q) @ F.normalize(k).T times exp(logit_scale),
		// logit_scale initialised to log(10); heads of 32 channels.
		name: "Swin V2: cosine attention with a scale of 10",
		args: "--measured-std 1.770 --d-k 32 --qk-norm l2 --intended-scale 10",
		in:   Input{MeasuredStd: rat("1.770"), DK: 32, Q: NormalisedEntry(L2Norm, 32), K: NormalisedEntry(L2Norm, 32), Intended: scale("10")},
		sim:  &simulation{dk: 32, wq: normal(1), wk: normal(1), norm: qkL2, factor: 10, tokens: 128, seed: 18},
		kind: AsIntended, mistake: ScaleRight,
	},
	{
		// lucidrains/x-transformers issue #190: with qk_norm (unit-length q
		// and k, scale 10) the flash path multiplied q by default_scale/scale
		// and the kernel then applied its default scale too: a factor of
		// 1/(10·d) instead of 10, which no catalogued mistake gives.
		name: "x-transformers: qk_norm scale inverted under flash attention",
		args: "--measured-std 0.0001980 --d-k 64 --qk-norm l2 --intended-scale 10",
		in:   Input{MeasuredStd: rat("0.0001980"), DK: 64, Q: NormalisedEntry(L2Norm, 64), K: NormalisedEntry(L2Norm, 64), Intended: scale("10")},
		sim:  &simulation{dk: 64, wq: normal(1), wk: normal(1), norm: qkL2, factor: 1.0 / 640, tokens: 128, seed: 19},
		kind: Unexplained,
	},
	{
		// SKaiNET-developers/SKaiNET PR #880 (issue #860): the CPU
		// scaledDotProductAttention applied its default scale 0f literally,
		// multiplying every score by 0. The std is 0 exactly; head width 64
		// and unit entries stand in for the unreported model.
		name: "SKaiNET: default scale 0 taken literally",
		args: "--measured-std 0 --d-k 64 --q-std 1 --k-std 1",
		in:   Input{MeasuredStd: rat("0"), DK: 64, Q: MeasuredEntry(one), K: MeasuredEntry(one)},
		kind: Mistaken, mistake: mistake.ScaleZero,
	},
	{
		// huggingface/transformers issue #44380, fixed by PR #44397: GPT-2's
		// scale_attn_by_inverse_layer_idx (scores also divided by layer_idx+1)
		// was ignored on the SDPA path, which applied only 1/√d_k. At
		// layer_idx 3 the intended factor is d^-1/2/4; GPT-2 small at init.
		name: "HF GPT-2: inverse-layer scaling ignored by SDPA",
		args: "--measured-std 0.3040 --d-k 64 --heads 12 --d-model 768 --init-std 0.02 --intended-scale d^-1/2/4",
		in:   Input{MeasuredStd: rat("0.3040"), DK: 64, DModel: 768, Heads: 12, Q: fromInit("0.02", 768), K: fromInit("0.02", 768), Intended: scale("d^-1/2/4")},
		sim:  &simulation{dModel: 768, dk: 64, input: layerNormed, wq: normal(0.02), wk: normal(0.02), factor: 1.0 / 8, tokens: 64, seed: 20},
		kind: Mistaken, mistake: mistake.UsualScale,
	},
}

// TestCatalogueOfRealCases checks the verdict on every real case, and that
// the README or the manual in docs/ counts them right.
func TestCatalogueOfRealCases(t *testing.T) {
	require.GreaterOrEqual(t, len(catalogue), 15)
	docs, err := filepath.Glob("../docs/*.md")
	require.NoError(t, err)
	var text strings.Builder
	for _, path := range append([]string{"../README.md"}, docs...) {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		text.Write(data)
	}
	require.Contains(t, text.String(), fmt.Sprintf("The tests hold %d such cases", len(catalogue)))
	for _, c := range catalogue {
		t.Run(c.name, func(t *testing.T) {
			tol := tolerance
			if c.tol != "" {
				tol = rat(c.tol)
			}
			r, err := Diagnose(c.in, tol)
			require.NoError(t, err)
			out := report(r)
			require.Equal(t, c.kind, r.Kind, "verdict kind\n%s", out)
			require.Equal(t, c.reason, r.Reason, "reason\n%s", out)
			if c.kind == AsIntended || c.kind == Mistaken {
				got := r.Hypotheses[r.Named].Mistakes
				require.Equal(t, c.mistake, got[0], "verdict\n%s", out)
				if c.also != ScaleRight {
					require.Contains(t, got, c.also, "verdict\n%s", out)
				}
			}
			require.Equal(t, c.kind == AsIntended, r.ScaleRight())
			basis := GivenEntries
			switch {
			case c.assumed:
				basis = UnitEntriesAssumed
			case !c.in.Q.Known() || !c.in.K.Known():
				basis = NoEntrySizes
			}
			require.Equal(t, basis, r.RestsOn(), "what the verdict rests on\n%s", out)
		})
	}
}

// shortSimulation bounds the multiply-adds of a simulation run in -short
// mode (CI runs with -race, which slows these loops about thirty-fold).
const shortSimulation = 20_000_000

// cost returns the multiply-adds of a simulation.
func (s simulation) cost() int {
	return 2*s.tokens*s.dModel*s.dk + s.tokens*s.tokens*s.dk
}

// TestCatalogueMeasurementsAreSimulated re-runs each simulation and checks
// that the measured literal is its result to 4 significant digits, so no
// measurement in the catalogue is made up.
func TestCatalogueMeasurementsAreSimulated(t *testing.T) {
	for _, c := range catalogue {
		if c.sim == nil {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			if testing.Short() && c.sim.cost() > shortSimulation {
				t.Skipf("%d multiply-adds; run without -short", c.sim.cost())
			}
			got := c.sim.scoreStd()
			want, _ := c.in.MeasuredStd.Float64()
			unit := math.Pow(10, math.Floor(math.Log10(want))-3) // one unit of the 4th significant digit
			require.LessOrEqual(t, math.Abs(got-want), unit/2*(1+1e-9),
				"simulated std %s, literal %s", strconv.FormatFloat(got, 'g', 8, 64), c.in.MeasuredStd.FloatString(6))
		})
	}
}
